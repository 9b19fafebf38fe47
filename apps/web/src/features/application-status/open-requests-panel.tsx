import { Button, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { documentRequestName, type TOpenDocumentRequest } from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIn } from '../../lib/format';
import { ActionNeededBanner } from './action-needed-banner';
import { ApplicationStatusCard } from './application-status-card';
import { STATUS_NAMESPACES } from './namespaces';
import classes from './open-requests-panel.module.css';
import { fetchActionNeeded, fetchOpenRequests, statusKeys } from './status-api';

/**
 * The agent's home (issue 12 item 3): every open document request of the agent's students, waiting
 * longest first. Answer opens the application's status card (its upload slots) in a dialog. Shows
 * nothing while there is nothing to answer.
 */
export function OpenRequestsPanel() {
  const { t, i18n } = useTranslation(STATUS_NAMESPACES);
  const headingId = useId();
  const [answering, setAnswering] = useState<TOpenDocumentRequest | null>(null);
  const open = useQuery({
    queryKey: statusKeys.openRequests,
    queryFn: ({ signal }) => fetchOpenRequests(signal),
  });
  const rows = open.data ?? [];
  // The dialog stays open after its last request is answered (the card says so).
  if (rows.length === 0 && !answering) return null;
  const format = formatIn(i18n.language);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="md"
      radius="md"
      id={OPEN_REQUESTS_ID}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('openRequests.title', { count: rows.length })}
        </Title>
        <ul className={classes.list}>
          {rows.map((r) => {
            const student = `${r.firstName} ${r.lastName}`.trim();
            const what = documentRequestName(r, (key) => t(key));
            return (
              <li key={r.id} className={classes.item}>
                <div className={classes.text}>
                  <Text fw={600} size="sm">
                    {student}
                  </Text>
                  <Text size="sm">
                    {t('openRequests.course', { course: r.courseName, university: r.universityName })}
                  </Text>
                  <Text size="sm">{t('openRequests.missing', { what })}</Text>
                  <Text size="xs" c="dimmed">
                    {t('openRequests.since')} <time dateTime={r.createdAt}>{format.date(r.createdAt)}</time>
                  </Text>
                </div>
                <Button
                  variant="light"
                  size="sm"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  aria-label={t('openRequests.answerNamed', { what, student })}
                  onClick={() => setAnswering(r)}
                >
                  {t('openRequests.answer')}
                </Button>
              </li>
            );
          })}
        </ul>
      </Stack>
      <ApplicationCardDialog
        application={
          answering && {
            studentCourseId: answering.studentCourseId,
            student: `${answering.firstName} ${answering.lastName}`.trim(),
            course: answering.courseName,
            university: answering.universityName,
          }
        }
        onClose={() => setAnswering(null)}
      />
    </Paper>
  );
}

type TDialogApplication = { studentCourseId: number; student: string; course: string; university: string };

/** An application's status card (its upload slots, its offer's answer) in a dialog named by the student. */
function ApplicationCardDialog({
  application,
  onClose,
}: {
  application: TDialogApplication | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  return (
    <Modal
      opened={application !== null}
      onClose={onClose}
      size="lg"
      title={application?.student ?? ''}
      closeButtonProps={{ 'aria-label': t('withdraw.close') }}
    >
      {application && (
        <ApplicationStatusCard
          studentCourseId={application.studentCourseId}
          course={application.course}
          university={application.university}
        />
      )}
    </Modal>
  );
}

const OPEN_REQUESTS_ID = 'open-requests';

/**
 * Issue 18, the agent's home: the applications of the agent's students that wait for the agent
 * (the shared rule), named by student, course and university (issue 22: the server names each, so
 * an offer without a documents request is named too, with its answer-by date), above the open
 * requests. "Open the application" opens its status card in a dialog.
 */
export function AgentActionNeeded() {
  const [opened, setOpened] = useState<TDialogApplication | null>(null);
  const waiting = useQuery({
    queryKey: statusKeys.actionNeeded,
    queryFn: ({ signal }) => fetchActionNeeded(signal),
  });
  return (
    <>
      <ActionNeededBanner
        waiting={(waiting.data ?? []).map((w) => ({
          studentCourseId: w.studentCourseId,
          status: w.status,
          course: w.course,
          university: w.university,
          student: w.studentName,
          answerBy: w.answerBy,
          onOpen: () => setOpened({ ...w, student: w.studentName }),
        }))}
      />
      <ApplicationCardDialog application={opened} onClose={() => setOpened(null)} />
    </>
  );
}
