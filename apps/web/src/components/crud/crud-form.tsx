import { Button, Group, SimpleGrid } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { maxLengthOf } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateKey } from '../../lib/i18n';
import { invalidateAfterWrite, resources } from '../../lib/resources';
import { FormDialog } from '../forms/form-dialog';
import { CrudField } from './crud-field';
import type { TCrudDefinition, TFormField, TRow } from './define';
import { initialValues, isRequired, serverErrors, type TValues, validateValues } from './form-values';
import { notifyFailure, notifySuccess } from './notify';

type TFormProps = {
  definition: TCrudDefinition;
  /** The item being edited; null (or an item without id) means a new one. */
  item: TRow | null;
  onClose: () => void;
  onSaved: (saved: TRow, added: boolean) => void;
};

/** The save: add or update through the definition's routes, then every list of the base refetches. */
function useCrudSave({ definition, item, onSaved }: TFormProps, onFailed: (error: unknown) => void) {
  const { t } = useTranslation(['crud', 'catalogue']);
  const queryClient = useQueryClient();
  const id = item?.id;
  const adding = !id;
  return useMutation({
    mutationFn: (payload: TValues) => {
      const { base, save: routes } = definition;
      if (adding) return resources.create<TRow>(base, payload, { path: routes?.add ?? 'add' });
      const target = routes?.update(id) ?? { method: 'POST', path: 'update' };
      const body = target.method === 'POST' ? { ...payload, id } : payload;
      return resources.update<TRow>(base, body, target);
    },
    onSuccess: async (saved) => {
      notifySuccess(t, 'crud.alerts.saved');
      await invalidateAfterWrite(queryClient, definition.base);
      onSaved(saved, adding);
    },
    onError: (error) => {
      notifyFailure(t, 'crud.alerts.saveFailed', error);
      onFailed(error);
    },
  });
}

type TFieldsProps = {
  fields: TFormField[];
  form: UseFormReturnType<TValues>;
  kept: TValues;
  schema?: z.ZodObject;
};

/** The definition's fields, two columns from `sm` up, each checked again as it is corrected. */
function CrudFormFields({ fields, form, kept, schema }: TFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields.map((field, index) => (
        <div key={field.name} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
          <CrudField
            field={field}
            value={form.values[field.name]}
            values={{ ...kept, ...form.values }}
            onChange={(value) => {
              form.setFieldValue(field.name, value);
              for (const name of field.resets ?? []) form.setFieldValue(name, undefined);
              // Once a field shows an error, it is checked again as it is corrected.
              if (form.errors[field.name]) form.validateField(field.name);
            }}
            onBlur={() => {
              // A field merely passed through is not an error yet; one that was edited is checked.
              if (form.isDirty(field.name)) form.validateField(field.name);
            }}
            error={form.errors[field.name] as string | undefined}
            // A too-long text names its limit, the schema's (the client's check and the server's).
            errorParams={schema ? { max: maxLengthOf(schema, field.name) } : undefined}
            required={schema ? isRequired(schema, field.name) : false}
            autoFocus={index === 0}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The modal Add/Edit form: fields from the definition, rules from the shared schema (spec 2.3). */
export function CrudForm(props: TFormProps) {
  const { definition, item, onClose } = props;
  const { t } = useTranslation(['crud', 'catalogue']);
  const fields = definition.form ?? [];
  const schema = definition.schema;
  // The item's values the form does not show are kept (e.g. the student of a new application).
  const kept: TValues = item ?? {};
  const form = useForm<TValues>({
    initialValues: initialValues(fields, item),
    validate: (values) => (schema ? validateValues(schema, { ...kept, ...values }) : {}),
  });
  const save = useCrudSave(props, (error) => form.setErrors(serverErrors(error, fields)));

  const submit = form.onSubmit((values) => {
    // What the schema outputs is what is saved (trimmed text, https:// added, numbers coerced).
    save.mutate(schema ? (schema.parse({ ...kept, ...values }) as TValues) : values);
  });
  const titleKey = item?.id ? definition.editTitle : definition.addTitle;

  return (
    <FormDialog
      onClose={onClose}
      title={titleKey ? translateKey(t, titleKey) : ''}
      closeLabel={t('crud:form.close')}
      busy={save.isPending}
    >
      <form onSubmit={submit} noValidate>
        <CrudFormFields fields={fields} form={form} kept={kept} schema={schema} />
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('crud:form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('crud:form.save')}
          </Button>
        </Group>
      </form>
    </FormDialog>
  );
}
