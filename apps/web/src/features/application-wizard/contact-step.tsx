import { SimpleGrid, Stack } from '@mantine/core';
import { RELATIONSHIP_OTHER, RELATIONSHIPS, withRelationshipChange } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import {
  ChoiceField,
  EmailField,
  ErrorSummary,
  NameFields,
  PhoneField,
  TextField,
  WIZARD_NAMESPACES,
} from './step-fields';
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
        <NameFields form={form} own={false} />
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
        <PhoneField form={form} own={false} />
        {guardian && <EmailField form={form} own={false} />}
      </SimpleGrid>
      {guardian && <TextField form={form} name="address" label={f('address')} required multiline />}
    </Stack>
  );
}
