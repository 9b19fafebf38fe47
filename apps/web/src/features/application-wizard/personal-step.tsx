import { SimpleGrid, Stack } from '@mantine/core';
import { COUNTRIES, GENDERS, normalizePassport } from '@uniapply/shared';
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

/** Step 1 (spec 2.5, 5): 12 items, middle name optional; passport normalised as it is typed. */
export function PersonalStep({ form }: { form: TStepForm }) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const f = (name: string) => t(`fields.${name}`);
  const passport = `${form.values.passportSeries ?? ''}${form.values.passportNumber ?? ''}`;
  return (
    <Stack gap="sm">
      <ErrorSummary form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NameFields form={form} own />
        <TextField
          form={form}
          // The error of either half shows on the one passport input.
          name={form.errorOf('passportSeries') ? 'passportSeries' : 'passportNumber'}
          label={f('passport')}
          required
          autoComplete="off"
          placeholder="AB1234567"
          value={passport}
          onValue={(text) => form.setMany(normalizePassport(text))}
        />
        <TextField form={form} name="race" label={f('race')} required />
        <ChoiceField
          form={form}
          name="gender"
          label={f('gender')}
          required
          options={GENDERS.map((g, i) => ({ value: i, label: t(`enums:genders.${g}`) }))}
        />
        <EmailField form={form} own />
        <PhoneField form={form} own />
        <TextField
          form={form}
          name="dateOfBirth"
          label={f('dateOfBirth')}
          required
          type="date"
          autoComplete="bday"
        />
        <ChoiceField
          form={form}
          name="country"
          label={f('country')}
          required
          options={COUNTRIES.map((c, i) => ({ value: i, label: t(`enums:countries.${c}`) }))}
        />
        <TextField form={form} name="city" label={f('city')} required autoComplete="address-level2" />
        <TextField
          form={form}
          name="postCode"
          label={f('postCode')}
          required
          autoComplete="postal-code"
          inputMode="text"
        />
      </SimpleGrid>
      <TextField
        form={form}
        name="address"
        label={f('address')}
        required
        autoComplete="street-address"
        multiline
      />
    </Stack>
  );
}
