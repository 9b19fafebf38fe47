import { Button, Checkbox, Group, Table, TextInput, VisuallyHidden } from '@mantine/core';
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
import { EntryStep, type TEntryKind, type TEntryRow } from './entry-step';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const asRecord = (row: TEntryRow) => ({ ...row, to: typeof row.to === 'string' ? row.to : null });

function ExperienceTable({
  rows,
  edit,
  remove,
}: {
  rows: TEntryRow[];
  edit: (r: TEntryRow) => void;
  remove: (r: TEntryRow) => void;
}) {
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
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => edit(row)}
                      aria-label={t('steps.lists.editNamed', { name })}
                    >
                      {t('steps.lists.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => remove(row)}
                      aria-label={t('steps.lists.deleteNamed', { name })}
                    >
                      {t('steps.lists.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ExperienceFields({ form }: { form: Parameters<TEntryKind['fields']>[0] }) {
  const { t } = useTranslation('wizard');
  const { values, set, error } = form;
  const stillWorking = values.stillWorking === true;
  return (
    <>
      <TextInput
        label={t('fields.company')}
        required
        autoComplete="organization"
        value={text(values.company)}
        onChange={(e) => set('company', e.currentTarget.value)}
        error={error('company')}
      />
      <TextInput
        label={t('fields.position')}
        required
        autoComplete="organization-title"
        value={text(values.position)}
        onChange={(e) => set('position', e.currentTarget.value)}
        error={error('position')}
      />
      <TextInput
        type="date"
        label={t('fields.from')}
        required
        value={text(values.from)}
        onChange={(e) => set('from', e.currentTarget.value)}
        error={error('from')}
      />
      <Checkbox
        label={t('steps.lists.experience.stillWorking')}
        checked={stillWorking}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          set('stillWorking', checked);
          if (checked) set('to', '');
        }}
      />
      <TextInput
        type="date"
        label={t('fields.to')}
        required={!stillWorking}
        disabled={stillWorking}
        value={text(values.to)}
        onChange={(e) => set('to', e.currentTarget.value)}
        error={error('to')}
      />
    </>
  );
}

const experienceKind: TEntryKind = {
  base: 'Experience',
  textKey: 'experience',
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
