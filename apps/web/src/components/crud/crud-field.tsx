import { NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../lib/i18n';
import { labelKey, type TFormField } from './define';
import { choiceValue, numberValue } from './form-values';
import { usePicklistOptions } from './picklist';

export type TFieldProps = {
  field: TFormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  /** An i18n key (the shared schema's message) or nothing. */
  error?: string;
  required: boolean;
  autoFocus?: boolean;
  /** Every value of the form (a custom field may depend on others). */
  values?: Record<string, unknown>;
};

/** One form input, chosen by the field's kind. */
export function CrudField({
  field,
  value,
  values = {},
  onChange,
  onBlur,
  error,
  required,
  autoFocus,
}: TFieldProps) {
  const { t } = useTranslation(['crud', 'catalogue', 'enums', 'validation']);
  const picklist = usePicklistOptions(field.picklist, field.kind === 'picklist');
  const common = {
    label: translateKey(t, labelKey(field)),
    error: error ? translateKey(t, error) : undefined,
    required,
    onBlur,
    autoFocus,
    name: field.name,
  };
  const text = value === null || value === undefined ? '' : String(value);

  switch (field.kind) {
    case 'custom': {
      const Custom = field.component;
      return Custom ? (
        <Custom
          field={field}
          label={common.label}
          value={value}
          values={values}
          onChange={onChange}
          onBlur={onBlur}
          error={common.error}
          required={required}
        />
      ) : null;
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : text}
          // An emptied number is missing (undefined), never 0.
          onChange={(next) => onChange(numberValue(next))}
          rightSection={field.unit ? translateKey(t, field.unit) : undefined}
          rightSectionWidth={field.unit ? 72 : undefined}
          allowNegative={false}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
        />
      );
    case 'select':
    case 'picklist': {
      const data =
        field.kind === 'picklist'
          ? picklist.options
          : (field.options ?? []).map((o) => ({ value: String(o.value), label: translateKey(t, o.label) }));
      return (
        <Select
          {...common}
          value={text || null}
          onChange={(next) => onChange(choiceValue(field, next))}
          data={data}
          searchable={field.kind === 'picklist'}
          nothingFoundMessage={t('crud:form.nothingFound')}
          placeholder={picklist.loading ? t('crud:loading') : t('crud:form.choose')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : undefined}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
