import { Stack, Text, Title } from '@mantine/core';
import { MAX_REFEREES, REFEREE_FIELD_ORDER, ZRefereeEntry, ZRefereesList } from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EntryCards, EntryStep, EntryText, type TEntryFields, type TEntryKind, text } from './entry-step';

// Step 8's referees (issue 21 item 4), beside the personal statement: the entry cards of steps 4
// to 6 (one mechanism: an add/edit dialog over the shared schema, a delete that asks first), saved
// one dialog at a time through the Referee resource, at most MAX_REFEREES.

function RefereeFields({ form }: { form: TEntryFields }) {
  const { t } = useTranslation('wizard');
  return (
    <>
      {/* autoComplete off: the browser's suggestions are the applicant's own details, not the referee's. */}
      <EntryText form={form} name="fullName" label={t('fields.fullName')} required autoComplete="off" />
      <EntryText
        form={form}
        name="relationship"
        label={t('fields.refereeRelationship')}
        required
        autoComplete="off"
      />
      <EntryText
        form={form}
        name="email"
        label={t('fields.email')}
        required
        type="email"
        autoComplete="off"
      />
      <EntryText form={form} name="institution" label={t('fields.institution')} required autoComplete="off" />
    </>
  );
}

const refereeKind: TEntryKind = {
  base: 'Referee',
  textKey: 'referees',
  optional: true,
  max: MAX_REFEREES,
  entry: ZRefereeEntry,
  list: ZRefereesList,
  fieldOrder: REFEREE_FIELD_ORDER,
  hasFiles: false,
  toForm: (row) => ({
    fullName: text(row?.fullName),
    relationship: text(row?.relationship),
    email: text(row?.email),
    institution: text(row?.institution),
  }),
  toStep: (row) => ({
    fullName: row.fullName,
    relationship: row.relationship,
    email: row.email,
    institution: row.institution,
  }),
  fields: (form) => <RefereeFields form={form} />,
  renderList: (rows, actions) => (
    <EntryCards
      rows={rows}
      {...actions}
      describe={(row) => ({
        name: text(row.fullName),
        body: (
          <>
            <Text size="sm">{text(row.relationship)}</Text>
            <Text size="sm">{text(row.institution)}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {text(row.email)}
            </Text>
          </>
        ),
      })}
    />
  ),
};

/** Referees never block step 8's Next: the list's validity is not the step's. */
const ignoreValidity = () => undefined;

/** The referees' part of step 8: a titled list of cards with Add, Edit and Delete. */
export function RefereesList({ studentId }: { studentId: number }) {
  const { t } = useTranslation('wizard');
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs">
      <Title order={3} size="h4" id={titleId}>
        {t('referees.title')}
      </Title>
      <EntryStep kind={refereeKind} studentId={studentId} onValidityChange={ignoreValidity} />
    </Stack>
  );
}
