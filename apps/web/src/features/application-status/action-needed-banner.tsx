import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TApplicationStatus } from '@uniapply/shared';
import { useTranslation } from 'react-i18next';
import { Deadline } from '../../components/intakes/deadline';

// Issue 18: the banner at the top of the student's dashboard and the agent's home, saying what
// waits for the applicant and for which course (the applications `waitsForApplicant` selects).

export type TWaitingApplication = {
  studentCourseId: number;
  status: TApplicationStatus;
  course: string;
  university: string;
  /** The agent's home names the student. */
  student?: string;
  /** Issue 22: an open offer's answer-by date (an instant), drawn in both zones. */
  answerBy?: string | null;
  /** Where "Open the application" leads (the card's anchor on the same page)… */
  href?: string;
  /** …or what it does instead (the agent's home opens the card in a dialog). */
  onOpen?: () => void;
};

export function ActionNeededBanner({ waiting }: { waiting: TWaitingApplication[] }) {
  const { t } = useTranslation(['dashboard', 'status', 'common']);
  if (waiting.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="region"
      title={t('action.title', { count: waiting.length })}
      icon={<IconAlertTriangle aria-hidden />}
      data-testid="action-banner"
      // The light variant's orange title is under 4.5:1 on its tint: the title keeps the text colour.
      styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}
    >
      <List spacing={4} size="sm">
        {waiting.map((w) => (
          <List.Item key={w.studentCourseId}>
            <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
              {w.student ? <strong>{`${w.student}: `}</strong> : null}
              {t(`action.${w.status}`, { course: w.course, university: w.university })}
            </Text>{' '}
            {w.answerBy ? (
              <Text span size="sm" style={{ display: 'block' }} data-answer-by>
                <Text span size="sm" fw={600}>
                  {t('status:offer.answerBy')}
                </Text>
                <Deadline value={w.answerBy} />
              </Text>
            ) : null}
            <Anchor
              {...(w.onOpen
                ? { component: 'button' as const, type: 'button', onClick: w.onOpen }
                : { href: w.href })}
              size="sm"
              fw={600}
              c="blue.9"
              underline="always"
            >
              {t('action.open')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
