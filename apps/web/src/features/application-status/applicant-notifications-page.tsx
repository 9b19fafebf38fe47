import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  APPLICATION_STATUSES,
  type TApplicationChange,
  type TApplicationStatusState,
} from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { formatIn } from '../../lib/format';
import { useSession } from '../auth/session';
import { useNotificationHub } from '../notifications/hub-context';
import { StatusBadge } from './status-badge';
import { statusKeys } from './status-queries';

// Issue 12: the bell's page for students and agents (/Student/Notifications, /Agent/Notifications):
// what arrived live in this tab, newest first, and where every application stands now.

export function ApplicantNotificationsPage() {
  const { t } = useTranslation('status');
  const { user } = useSession();
  const hub = useNotificationHub();
  const { opened } = hub;
  // Opening the page is seeing what arrived: the bell stops pulsing, also for later arrivals.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every arrival on purpose
  useEffect(() => opened(), [opened, hub.changes.length]);
  const home = user?.role === 'Agent' ? '/Agent/Students' : '/Student/Dashboard';
  const current = useQuery({
    queryKey: [...statusKeys.all, 'list', 'mine'],
    queryFn: ({ signal }) => api.get<TApplicationStatusState[]>('/ApplicationStatus/list', { signal }),
  });

  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="live-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="live-title">
            {t('page.live')}
          </Title>
          {hub.changes.length === 0 ? (
            <Text c="dimmed">{t('page.noLive')}</Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              aria-labelledby="live-title"
              style={{ listStyle: 'none', padding: 0 }}
            >
              {hub.changes.map((c) => (
                <li key={`${c.kind}-${c.studentCourseId}-${c.at}`}>
                  <Change change={c} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="now-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="now-title">
            {t('page.now')}
          </Title>
          {current.isPending ? (
            <Group role="status" gap="xs">
              <Loader size="sm" aria-hidden />
              <Text>{t('loading')}</Text>
            </Group>
          ) : current.isError ? (
            <Alert color="red" role="alert">
              {t('section.loadFailed')}
            </Alert>
          ) : current.data.length === 0 ? (
            <Text c="dimmed">{t('section.empty')}</Text>
          ) : (
            <Stack
              component="ul"
              gap="xs"
              aria-labelledby="now-title"
              style={{ listStyle: 'none', padding: 0 }}
            >
              {APPLICATION_STATUSES.map((status) => {
                const count = current.data.filter((s) => s.status === status).length;
                return count ? (
                  <Group component="li" key={status} gap="xs">
                    <StatusBadge status={status} />
                    <Text>{t('page.count', { count })}</Text>
                  </Group>
                ) : null;
              })}
            </Stack>
          )}
          <Anchor component={Link} to={home}>
            {user?.role === 'Agent' ? t('page.toStudents') : t('page.toDashboard')}
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}

function Change({ change }: { change: TApplicationChange }) {
  const { t, i18n } = useTranslation('status');
  const time = formatIn(i18n.language).time(change.at);
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" c="dimmed" component="time" dateTime={change.at}>
        {time}
      </Text>
      {change.kind === 'statusChanged' ? (
        <>
          <StatusBadge status={change.to} />
          {change.message ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {change.message}
            </Text>
          ) : null}
        </>
      ) : change.kind === 'documentsRequested' ? (
        <Text size="sm" fw={600}>
          {t('page.requested', { count: change.requestIds.length })}
        </Text>
      ) : (
        <Text size="sm">{t('page.answered')}</Text>
      )}
    </Group>
  );
}
