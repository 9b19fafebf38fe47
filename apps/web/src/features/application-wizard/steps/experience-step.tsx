import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import {
  EXPERIENCE_FIELD_ORDER,
  experienceToForm,
  experienceToLabel,
  ZExperienceEntry,
  ZExperienceStep,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/i18n';
import type { TStepProps } from '../step-contract';
import {
  EntryActions,
  EntryStep,
  EntryText,
  type TEntryFields,
  type TEntryKind,
  type TEntryListProps,
  type TEntryRow,
  text,
} from './entry-step';

const asRecord = (row: TEntryRow) => ({ ...row, to: typeof row.to === 'string' ? row.to : null });

function ExperienceTable({ rows, edit, remove }: TEntryListProps) {
  const { t } = useTranslation('wizard');
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.company')}</Table.Th>
            <Table.Th>{t('fields.position')}</Table.Th>
            <Table.Th>{t('fields.from')}</Table.Th>
            <Table.Th>{t('fields.to')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('steps.lists.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = `${text(row.company)}, ${text(row.position)}`;
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{text(row.company)}</Table.Td>
                <Table.Td>{text(row.position)}</Table.Td>
                <Table.Td>{text(row.from)}</Table.Td>
                <Table.Td>{translateKey(t, experienceToLabel(asRecord(row).to))}</Table.Td>
                <Table.Td>
                  <EntryActions row={row} name={name} edit={edit} remove={remove} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ExperienceFields({ form }: { form: TEntryFields }) {
  const { t } = useTranslation('wizard');
  const { values, set } = form;
  const stillWorking = values.stillWorking === true;
  return (
    <>
      <EntryText
        form={form}
        name="company"
        label={t('fields.company')}
        required
        autoComplete="organization"
      />
      <EntryText
        form={form}
        name="position"
        label={t('fields.position')}
        required
        autoComplete="organization-title"
      />
      <EntryText form={form} name="from" label={t('fields.from')} required type="date" />
      <Checkbox
        label={t('steps.lists.experience.stillWorking')}
        checked={stillWorking}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          set('stillWorking', checked);
          if (checked) set('to', '');
        }}
      />
      <EntryText
        form={form}
        name="to"
        label={t('fields.to')}
        required={!stillWorking}
        disabled={stillWorking}
        type="date"
      />
    </>
  );
}

const experienceKind: TEntryKind = {
  base: 'Experience',
  textKey: 'experience',
  optional: true,
  entry: ZExperienceEntry,
  list: ZExperienceStep,
  fieldOrder: EXPERIENCE_FIELD_ORDER,
  hasFiles: false,
  toForm: (row) =>
    row
      ? experienceToForm({
          company: text(row.company),
          position: text(row.position),
          from: text(row.from),
          to: asRecord(row).to,
        })
      : { company: '', position: '', from: '', to: '', stillWorking: false },
  toStep: (row) =>
    experienceToForm({ company: row.company, position: row.position, from: row.from, to: asRecord(row).to }),
  fields: (form) => <ExperienceFields form={form} />,
  renderList: (rows, { edit, remove }) => <ExperienceTable rows={rows} edit={edit} remove={remove} />,
};

/** Step 6: working experience; optional, so zero entries are valid (spec 5). */
export function ExperienceStep(props: TStepProps) {
  return <EntryStep {...props} kind={experienceKind} />;
}
