import { Stack, Text } from '@mantine/core';
import { ZApplicationStatus } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../components/crud/crud-screen';
import { defineCrud, type TRow } from '../../components/crud/define';
import { StudentApplicationForms } from '../application-forms';
import {
  AgentActionNeeded,
  OpenRequestsPanel,
  StatusBadge,
  StudentStatusSection,
  statusChoiceFilter,
} from '../application-status';
import { useSession } from '../auth';
import { FIRST_NAME_FILTER, PASSPORT, PROGRESS, STUDENT_NAMES } from '../catalogue';

/**
 * Spec 2.3 Student Maintenance (agent). The server lists only the agent's own students. Add and
 * Edit open the form page, with the student id in the address (DESIGN 6).
 */
export const agentStudents = defineCrud({
  base: 'StudentInfo',
  title: 'catalogue.student.title',
  filter: FIRST_NAME_FILTER,
  personal: true,
  // Each student's latest status (their most recently changed application), and a filter by it.
  choiceFilter: statusChoiceFilter('latestStatus'),
  columns: [
    { path: 'email' },
    ...STUDENT_NAMES,
    PASSPORT,
    { path: 'phoneNumber' },
    PROGRESS,
    { path: 'latestStatus', label: 'status.list.column', render: latestStatus, width: 1.4 },
  ],
  formPage: { path: '/Agent/Students/FormPage', idParam: 'studentId' },
  // The Details panel: the selected student's submitted applications (spec 6), read-only, and
  // their statuses with the applicant's actions (issue 12: requests to answer, Withdraw).
  detailsView: SelectedStudentApplications,
});

function latestStatus(row: TRow) {
  const status = ZApplicationStatus.safeParse(row.latestStatus);
  return status.success ? <StatusBadge status={status.data} size="md" /> : '–';
}

function SelectedStudentApplications({ row }: { row: TRow }) {
  return (
    <Stack gap="md">
      <StudentApplicationForms studentId={row.id} />
      <StudentStatusSection studentId={row.id} />
    </Stack>
  );
}

/** The agent's students, with the agent's own id to give to students who apply on their own. */
export function AgentStudentsPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const intro = (
    <>
      <AgentActionNeeded />
      {user ? (
        <Text>
          <Text span fw={600}>
            {t('agent.agentId', { id: user.userId })}
          </Text>{' '}
          <Text span c="dimmed" size="sm">
            {t('agent.agentIdHint')}
          </Text>
        </Text>
      ) : null}
      <OpenRequestsPanel />
    </>
  );
  return <CrudScreen definition={agentStudents} intro={intro} />;
}
