import { Anchor, Text } from '@mantine/core';
import {
  LANGUAGE_FIELD_ORDER,
  LANGUAGE_OTHERS,
  LANGUAGE_TYPES,
  ZLanguageEntry,
  ZLanguagesStep,
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

function LanguageCards(props: TEntryListProps) {
  const { t } = useTranslation(['wizard', 'enums']);
  return (
    <EntryCards
      {...props}
      describe={(row) => {
        const type = typeOf(row.languageType);
        return {
          name:
            type === LANGUAGE_OTHERS && row.others
              ? text(row.others)
              : t(`enums:languageTypes.${LANGUAGE_TYPES[type ?? 0]}`),
          body: (
            <>
              <Text size="sm" c="dimmed">
                {t('wizard:fields.yearOfExam')}: {text(row.yearOfExam)} · {t('wizard:fields.result')}:{' '}
                {text(row.result)}
              </Text>
              {row.certFileName ? (
                <Anchor size="sm" href={fileHref(text(row.certFileName))} download>
                  {t('wizard:fields.certificate')}
                </Anchor>
              ) : null}
            </>
          ),
        };
      }}
    />
  );
}

function LanguageFields({ form }: { form: TEntryFields }) {
  const { t } = useTranslation('wizard');
  return (
    <>
      <EntryTypeChoice
        form={form}
        name="languageType"
        label={t('fields.languageType')}
        enumKey="languageTypes"
        types={LANGUAGE_TYPES}
        others={LANGUAGE_OTHERS}
      />
      <EntryText form={form} name="result" label={t('fields.result')} required />
      <EntryYear form={form} />
      {form.file('certFileName', t('fields.certificate'), true)}
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
