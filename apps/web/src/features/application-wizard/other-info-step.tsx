import { SimpleGrid, Stack } from '@mantine/core';
import { OTHER_INFO_SOURCES, PERSONAL_STATEMENT_MAX } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { formatIn } from '../../lib/format';
import { CheckField, ErrorSummary, NumberField, TextField, WIZARD_NAMESPACES } from './step-fields';
import type { TStepForm } from './step-form';
import { RefereesList } from './steps/referees-list';

/**
 * Step 8 (spec 2.5, 5): eleven sources; Agent reveals the agent id, Others the details; then the
 * optional personal statement, its length limit and the characters used shown under its label;
 * beside it the referees (issue 21 item 4), saved one card at a time (not by Next).
 */
export function OtherInfoStep({ form, studentId }: { form: TStepForm; studentId: number }) {
  const { t, i18n } = useTranslation(WIZARD_NAMESPACES);
  const number = formatIn(i18n.language);
  const statement = form.values.personalStatement;
  const used = typeof statement === 'string' ? statement.length : 0;
  return (
    <Stack gap="sm">
      <ErrorSummary form={form} />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} id="wizard-field-step" tabIndex={-1}>
        <legend>{t('wizardForm:heardAboutUs')}</legend>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
          {OTHER_INFO_SOURCES.map((source) => (
            <CheckField key={source} form={form} name={source} label={t(`wizardForm:sources.${source}`)} />
          ))}
          <CheckField form={form} name="agent" label={t('wizardForm:sources.agent')} />
          <CheckField form={form} name="others" label={t('wizardForm:sources.others')} />
        </SimpleGrid>
      </fieldset>
      {form.values.agent === true && (
        <NumberField form={form} name="agentId" label={t('fields.agentId')} required />
      )}
      {form.values.others === true && (
        <TextField
          form={form}
          name="otherInfoDetails"
          label={t('fields.otherInfoDetails')}
          required
          multiline
        />
      )}
      <TextField
        form={form}
        name="personalStatement"
        label={t('fields.personalStatement')}
        multiline
        maxLength={PERSONAL_STATEMENT_MAX}
        description={
          <>
            {t('wizardForm:personalStatementHint', { max: number.number(PERSONAL_STATEMENT_MAX) })}{' '}
            <span style={{ display: 'block' }}>
              {t('wizardForm:personalStatementCount', {
                used: number.number(used),
                max: number.number(PERSONAL_STATEMENT_MAX),
              })}
            </span>
          </>
        }
      />
      <RefereesList studentId={studentId} />
    </Stack>
  );
}
