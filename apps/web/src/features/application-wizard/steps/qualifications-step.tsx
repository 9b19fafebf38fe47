import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  QUALIFICATION_FIELD_ORDER,
  QUALIFICATION_OTHERS,
  QUALIFICATION_TYPES,
  QUALIFICATIONS_WITHOUT_TRANSCRIPT,
  ZQualificationEntry,
  ZQualificationsStep,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { numberValue } from '../../../components/crud/form-values';
import type { TStepProps } from '../step-contract';
import { EntryStep, fileHref, type TEntryKind, type TEntryRow } from './entry-step';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const typeOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

function QualificationCards({
  rows,
  edit,
  remove,
}: {
  rows: TEntryRow[];
  edit: (r: TEntryRow) => void;
  remove: (r: TEntryRow) => void;
}) {
  const { t } = useTranslation(['wizard', 'enums']);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {rows.map((row) => {
        const type = typeOf(row.qualificationType);
        const typeLabel =
          type === QUALIFICATION_OTHERS && row.others
            ? text(row.others)
            : t(`enums:qualificationTypes.${QUALIFICATION_TYPES[type ?? 0]}`);
        const name = `${typeLabel}: ${text(row.nameOfExamination)}`;
        return (
          <Card key={row.id} withBorder radius="md" component="article" aria-label={name}>
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
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
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => edit(row)}
                  aria-label={t('wizard:steps.lists.editNamed', { name })}
                >
                  {t('wizard:steps.lists.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => remove(row)}
                  aria-label={t('wizard:steps.lists.deleteNamed', { name })}
                >
                  {t('wizard:steps.lists.delete')}
                </Button>
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function QualificationFields({ form }: { form: Parameters<TEntryKind['fields']>[0] }) {
  const { t } = useTranslation(['wizard', 'enums']);
  const { values, set, error, file } = form;
  const type = typeOf(values.qualificationType);
  return (
    <>
      <Select
        label={t('wizard:fields.qualificationType')}
        required
        data={QUALIFICATION_TYPES.map((key, index) => ({
          value: String(index),
          label: t(`enums:qualificationTypes.${key}`),
        }))}
        value={type === undefined ? null : String(type)}
        onChange={(v) => {
          const next = v === null ? undefined : Number(v);
          set('qualificationType', next);
          // Switching away from Others clears its text, as the relationship choice does.
          if (next !== QUALIFICATION_OTHERS) set('others', '');
        }}
        error={error('qualificationType')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {type === QUALIFICATION_OTHERS ? (
        <TextInput
          label={t('wizard:fields.others')}
          required
          value={text(values.others)}
          onChange={(e) => set('others', e.currentTarget.value)}
          error={error('others')}
        />
      ) : null}
      <NumberInput
        label={t('wizard:fields.yearOfExam')}
        required
        inputMode="numeric"
        allowNegative={false}
        allowDecimal={false}
        value={typeof values.yearOfExam === 'number' ? values.yearOfExam : text(values.yearOfExam)}
        onChange={(v) => set('yearOfExam', numberValue(v))}
        error={error('yearOfExam')}
      />
      <TextInput
        label={t('wizard:fields.nameOfExamination')}
        required
        value={text(values.nameOfExamination)}
        onChange={(e) => set('nameOfExamination', e.currentTarget.value)}
        error={error('nameOfExamination')}
      />
      <TextInput
        label={t('wizard:fields.nameOfInstitution')}
        required
        value={text(values.nameOfInstitution)}
        onChange={(e) => set('nameOfInstitution', e.currentTarget.value)}
        error={error('nameOfInstitution')}
      />
      <TextInput
        label={t('wizard:fields.result')}
        required
        value={text(values.result)}
        onChange={(e) => set('result', e.currentTarget.value)}
        error={error('result')}
      />
      {file('certFileName', t('wizard:fields.certificate'), true)}
      {file(
        'transcriptFileName',
        t('wizard:fields.transcript'),
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
