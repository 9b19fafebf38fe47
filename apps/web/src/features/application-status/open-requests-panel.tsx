import { Button, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { documentRequestName, type TOpenDocumentRequest, waitsForApplicant } from '@uniapply/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIn } from '../../lib/format';
import { ActionNeededBanner } from './action-needed-banner';
import { ApplicationStatusCard } from './application-status-card';
import { STATUS_NAMESPACES } from './namespaces';
import classes from './open-requests-panel.module.css';
import { fetchMyStatuses, fetchOpenRequests, statusKeys } from './status-api';

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
      <Modal
        opened={answering !== null}
        onClose={() => setAnswering(null)}
        size="lg"
        title={answering ? `${answering.firstName} ${answering.lastName}`.trim() : ''}
        closeButtonProps={{ 'aria-label': t('withdraw.close') }}
      >
        {answering && (
          <ApplicationStatusCard
            studentCourseId={answering.studentCourseId}
            course={answering.courseName}
            university={answering.universityName}
          />
        )}
      </Modal>
    </Paper>
  );
}

const OPEN_REQUESTS_ID = 'open-requests';

/**
 * Issue 18, the agent's home: the applications of the agent's students that wait for the agent
 * (the shared rule), named by student, course and university, above the open requests.
 */
export function AgentActionNeeded() {
  const states = useQuery({
    queryKey: statusKeys.mine,
    queryFn: ({ signal }) => fetchMyStatuses(signal),
  });
  const open = useQuery({
    queryKey: statusKeys.openRequests,
    queryFn: ({ signal }) => fetchOpenRequests(signal),
  });
  const named = new Map((open.data ?? []).map((r) => [r.studentCourseId, r]));
  const waiting = (states.data ?? [])
    .filter((s) => waitsForApplicant(s.status))
    .map((s) => {
      const r = named.get(s.studentCourseId);
      return {
        studentCourseId: s.studentCourseId,
        status: s.status,
        course: r?.courseName ?? '—',
        university: r?.universityName ?? '',
        student: r ? `${r.firstName} ${r.lastName}`.trim() : undefined,
        href: `#${OPEN_REQUESTS_ID}`,
      };
    });
  return <ActionNeededBanner waiting={waiting} />;
}
