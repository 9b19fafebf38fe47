import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { wizardApi, wizardKeys } from '../application-wizard';
import { ApplicationStatusList } from './application-status-list';
import { STATUS_NAMESPACES } from './namespaces';

/**
 * One student's applications with their status cards, for the agent's Details panel: the course
 * and university names come from the student's application (the status rows carry only ids).
 */
export function StudentStatusSection({ studentId }: { studentId: number }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const headingId = useId();
  const review = useQuery({
    queryKey: wizardKeys.review(studentId), // the wizard's key: its saves refresh it
    queryFn: ({ signal }) => wizardApi.getReview(studentId, signal),
  });
  const names = new Map(
    (review.data?.courses ?? []).map((c) => [c.id, { course: c.course.name, university: c.university.name }]),
  );
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('section.agentTitle')}
        </Title>
        <ApplicationStatusList studentId={studentId} names={names} />
      </Stack>
    </Paper>
  );
}
