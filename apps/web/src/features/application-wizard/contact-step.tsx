import { SimpleGrid, Stack } from '@mantine/core';
import { RELATIONSHIP_OTHER, RELATIONSHIPS, withRelationshipChange } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceField, ErrorSummary, TextField, WIZARD_NAMESPACES } from './step-fields';
import type { TStepForm } from './step-form';

/**
 * Steps 2 and 3 (spec 2.5, 5): the guardian, and the emergency contact (no occupation, email or
 * address). Relationship Other shows 'Please specify'; switching away clears it.
 */
export function ContactStep({ form, guardian }: { form: TStepForm; guardian: boolean }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const f = (name: string) => t(`fields.${name}`);
  const other = form.values.relationship === RELATIONSHIP_OTHER;
  return (
    <Stack gap="sm">
      <ErrorSummary form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField form={form} name="firstName" label={f('firstName')} required autoComplete="off" />
        <TextField form={form} name="middleName" label={f('middleName')} autoComplete="off" />
        <TextField form={form} name="lastName" label={f('lastName')} required autoComplete="off" />
        <ChoiceField
          form={form}
          name="relationship"
          label={f('relationship')}
          required
          options={RELATIONSHIPS.map((r, i) => ({ value: i, label: t(`enums:relationships.${r}`) }))}
          onChoose={(value) => form.setMany(withRelationshipChange(form.values, value))}
        />
        {other && <TextField form={form} name="others" label={t('wizardForm:pleaseSpecify')} required />}
        {guardian && <TextField form={form} name="occupation" label={f('occupation')} required />}
        <TextField
          form={form}
          name="phoneNumber"
          label={f('phoneNumber')}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+60123456789"
        />
        {guardian && (
          <TextField
            form={form}
            name="email"
            label={f('email')}
            required
            type="email"
            inputMode="email"
            autoComplete="off"
          />
        )}
      </SimpleGrid>
      {guardian && <TextField form={form} name="address" label={f('address')} required multiline />}
    </Stack>
  );
}
