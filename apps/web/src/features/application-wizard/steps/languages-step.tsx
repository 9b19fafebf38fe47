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
  LANGUAGE_FIELD_ORDER,
  LANGUAGE_OTHERS,
  LANGUAGE_TYPES,
  ZLanguageEntry,
  ZLanguagesStep,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { numberValue } from '../../../components/crud/form-values';
import type { TStepProps } from '../step-contract';
import { EntryStep, fileHref, type TEntryKind, type TEntryRow } from './entry-step';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const typeOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

function LanguageCards({
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
        const type = typeOf(row.languageType);
        const name =
          type === LANGUAGE_OTHERS && row.others
            ? text(row.others)
            : t(`enums:languageTypes.${LANGUAGE_TYPES[type ?? 0]}`);
        return (
          <Card key={row.id} withBorder radius="md" component="article" aria-label={name}>
            <Stack gap={4}>
              <Text fw={600}>{name}</Text>
              <Text size="sm" c="dimmed">
                {t('wizard:fields.yearOfExam')}: {text(row.yearOfExam)} · {t('wizard:fields.result')}:{' '}
                {text(row.result)}
              </Text>
              {row.certFileName ? (
                <Anchor size="sm" href={fileHref(text(row.certFileName))} download>
                  {t('wizard:fields.certificate')}
                </Anchor>
              ) : null}
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

function LanguageFields({ form }: { form: Parameters<TEntryKind['fields']>[0] }) {
  const { t } = useTranslation(['wizard', 'enums']);
  const { values, set, error, file } = form;
  const type = typeOf(values.languageType);
  return (
    <>
      <Select
        label={t('wizard:fields.languageType')}
        required
        data={LANGUAGE_TYPES.map((key, index) => ({
          value: String(index),
          label: t(`enums:languageTypes.${key}`),
        }))}
        value={type === undefined ? null : String(type)}
        onChange={(v) => {
          const next = v === null ? undefined : Number(v);
          set('languageType', next);
          // Switching away from Others clears its text, as the relationship choice does.
          if (next !== LANGUAGE_OTHERS) set('others', '');
        }}
        error={error('languageType')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {type === LANGUAGE_OTHERS ? (
        <TextInput
          label={t('wizard:fields.others')}
          required
          value={text(values.others)}
          onChange={(e) => set('others', e.currentTarget.value)}
          error={error('others')}
        />
      ) : null}
      <TextInput
        label={t('wizard:fields.result')}
        required
        value={text(values.result)}
        onChange={(e) => set('result', e.currentTarget.value)}
        error={error('result')}
      />
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
      {file('certFileName', t('wizard:fields.certificate'), true)}
    </>
  );
}

const languageKind: TEntryKind = {
  base: 'Language',
  textKey: 'languages',
  entry: ZLanguageEntry,
  list: ZLanguagesStep,
  fieldOrder: LANGUAGE_FIELD_ORDER,
  hasFiles: true,
  toForm: (row) => ({
    languageType: row?.languageType,
    others: row?.others ?? '',
    result: row?.result ?? '',
    yearOfExam: row?.yearOfExam,
    certFileName: row?.certFileName ?? null,
  }),
  fields: (form) => <LanguageFields form={form} />,
  renderList: (rows, { edit, remove }) => <LanguageCards rows={rows} edit={edit} remove={remove} />,
};

/** Step 5: language qualifications, at least one (spec 5). */
export function LanguagesStep(props: TStepProps) {
  return <EntryStep {...props} kind={languageKind} />;
}
