import { Anchor, Group, Text } from '@mantine/core';
import {
  QUALIFICATION_FIELD_ORDER,
  QUALIFICATION_OTHERS,
  QUALIFICATION_TYPES,
  QUALIFICATIONS_WITHOUT_TRANSCRIPT,
  ZQualificationEntry,
  ZQualificationsStep,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import type { TStepProps } from '../step-contract';
import {
  EntryCards,
  EntryStep,
  EntryText,
  EntryTypeChoice,
  EntryYear,
  fileHref,
  type TEntryFields,
  type TEntryKind,
  type TEntryListProps,
  text,
  typeOf,
} from './entry-step';

function QualificationCards(props: TEntryListProps) {
  const { t } = useTranslation(['wizard', 'enums']);
  return (
    <EntryCards
      {...props}
      describe={(row) => {
        const type = typeOf(row.qualificationType);
        const typeLabel =
          type === QUALIFICATION_OTHERS && row.others
            ? text(row.others)
            : t(`enums:qualificationTypes.${QUALIFICATION_TYPES[type ?? 0]}`);
        return {
          name: `${typeLabel}: ${text(row.nameOfExamination)}`,
          body: (
            <>
              <Text size="sm">{text(row.nameOfInstitution)}</Text>
              <Text size="sm" c="dimmed">
                {t('wizard:fields.yearOfExam')}: {text(row.yearOfExam)} · {t('wizard:fields.result')}:{' '}
                {text(row.result)}
              </Text>
              <Group gap="sm">
                {row.certFileName ? (
                  <Anchor size="sm" href={fileHref(text(row.certFileName))} download>
                    {t('wizard:fields.certificate')}
                  </Anchor>
                ) : null}
                {row.transcriptFileName ? (
                  <Anchor size="sm" href={fileHref(text(row.transcriptFileName))} download>
                    {t('wizard:fields.transcript')}
                  </Anchor>
                ) : null}
              </Group>
            </>
          ),
        };
      }}
    />
  );
}

function QualificationFields({ form }: { form: TEntryFields }) {
  const { t } = useTranslation('wizard');
  const type = typeOf(form.values.qualificationType);
  return (
    <>
      <EntryTypeChoice
        form={form}
        name="qualificationType"
        label={t('fields.qualificationType')}
        enumKey="qualificationTypes"
        types={QUALIFICATION_TYPES}
        others={QUALIFICATION_OTHERS}
      />
      <EntryYear form={form} />
      <EntryText form={form} name="nameOfExamination" label={t('fields.nameOfExamination')} required />
      <EntryText form={form} name="nameOfInstitution" label={t('fields.nameOfInstitution')} required />
      <EntryText form={form} name="result" label={t('fields.result')} required />
      {form.file('certFileName', t('fields.certificate'), true)}
      {form.file(
        'transcriptFileName',
        t('fields.transcript'),
        type === undefined || !QUALIFICATIONS_WITHOUT_TRANSCRIPT.includes(type),
      )}
    </>
  );
}

const qualificationKind: TEntryKind = {
  base: 'Qualification',
  textKey: 'qualifications',
  entry: ZQualificationEntry,
  list: ZQualificationsStep,
  fieldOrder: QUALIFICATION_FIELD_ORDER,
  hasFiles: true,
  toForm: (row) => ({
    qualificationType: row?.qualificationType,
    others: row?.others ?? '',
    yearOfExam: row?.yearOfExam,
    nameOfExamination: row?.nameOfExamination ?? '',
    nameOfInstitution: row?.nameOfInstitution ?? '',
    result: row?.result ?? '',
    certFileName: row?.certFileName ?? null,
    transcriptFileName: row?.transcriptFileName ?? null,
  }),
  fields: (form) => <QualificationFields form={form} />,
  renderList: (rows, { edit, remove }) => <QualificationCards rows={rows} edit={edit} remove={remove} />,
};

/** Step 4: qualifications, at least one (spec 5). */
export function QualificationsStep(props: TStepProps) {
  return <EntryStep {...props} kind={qualificationKind} />;
}
