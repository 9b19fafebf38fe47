import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { APPLICATION_STATUSES, type TStatusOverview, WAITING_STATUSES } from '@uniapply/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { fetchStatusOverview, statusKeys } from './status-api';
import { StatusBadge } from './status-badge';

// The admin dashboard's overview (issue 12 item 5): applications by status, each count opening
// Application Forms filtered by it, and the applications waiting longest in each status. Its key
// sits under ['ApplicationStatus'], so the hub's ApplicationChanged refreshes it live.

const formsOf = (status: string, selected?: number) =>
  `/Admin/ApplicationForms?${new URLSearchParams({ status, ...(selected ? { selected: String(selected) } : {}) })}`;

export function StatusOverview() {
  const { t } = useTranslation(['status', 'common']);
  const countsId = useId();
  const overview = useQuery({
    queryKey: statusKeys.overview,
    queryFn: ({ signal }) => fetchStatusOverview(signal),
  });
  const data = overview.data;

  return (
    <Stack gap="lg">
      <section aria-labelledby={countsId}>
        <Title order={2} size="h3" id={countsId} mb="sm">
          {t('overview.title')}
        </Title>
        {overview.isError && (
          <Alert color="red" mb="sm" role="alert">
            {t('overview.failed', { message: errorText(t, overview.error) })}
          </Alert>
        )}
        {overview.isPending ? <Skeleton height={120} radius="md" /> : <StatusCounts data={data} />}
      </section>
      {data && <Overdue data={data} />}
      {data && <WaitingLongest data={data} />}
    </Stack>
  );
}

/** One card per status with its count, opening Application Forms filtered by it. */
function StatusCounts({ data }: { data: TStatusOverview | undefined }) {
  const { t, i18n } = useTranslation(['status', 'common']);
  const format = formatIn(i18n.language);
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {APPLICATION_STATUSES.map((status) => (
        <li key={status}>
          <Card
            component={Link}
            to={formsOf(status)}
            withBorder
            radius="md"
            padding="sm"
            style={{ color: 'inherit', textDecoration: 'none', height: '100%' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t(`labels.${status}`)}
              </Text>
              <Text fw={800} size="xl" c="blue.9">
                {data ? format.number(data.counts[status]) : '–'}
              </Text>
            </Group>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}

/**
 * Issue 21 item 5: per status, how many applications have waited longer than the Settings limit,
 * each count opening Application Forms filtered by the status (the longest waiting come first there
 * and in the list below).
 */
function Overdue({ data }: { data: TStatusOverview }) {
  const { t, i18n } = useTranslation(['status', 'common']);
  const format = formatIn(i18n.language);
  const overdueId = useId();
  const { limitDays: days, counts } = data.overdue;
  const statuses = WAITING_STATUSES.filter((s) => counts[s] > 0);
  return (
    <Paper component="section" aria-labelledby={overdueId} withBorder radius="md" p="lg">
      <Title order={2} size="h3" id={overdueId}>
        {t('overview.overdueTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('overview.overdueHint', { days })}
      </Text>
      {statuses.length === 0 ? (
        <Text c="dimmed">{t('overview.overdueNone', { days })}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={overdueId}>
          {statuses.map((status) => (
            <Group component="li" key={status} gap="xs" wrap="wrap">
              <StatusBadge status={status} />
              <Anchor component={Link} to={formsOf(status)} fw={600}>
                {t('overview.overdueCount', { count: format.number(counts[status]) })}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The applications waiting longest, by status. */
function WaitingLongest({ data }: { data: TStatusOverview }) {
  const { t } = useTranslation(['status', 'common']);
  const waitingId = useId();
  return (
    <Paper component="section" aria-labelledby={waitingId} withBorder radius="md" p="lg">
      <Title order={2} size="h3" id={waitingId}>
        {t('overview.waitingTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('overview.waitingHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {data.waiting
          .filter((w) => w.applications.length > 0)
          .map((w) => (
            <WaitingInStatus key={w.status} waiting={w} count={data.counts[w.status]} />
          ))}
      </SimpleGrid>
      {data.waiting.every((w) => w.applications.length === 0) && (
        <Text c="dimmed">{t('overview.nobody')}</Text>
      )}
    </Paper>
  );
}

function WaitingInStatus({
  waiting: w,
  count,
}: {
  waiting: TStatusOverview['waiting'][number];
  count: number;
}) {
  const { t, i18n } = useTranslation(['status', 'common']);
  const format = formatIn(i18n.language);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <StatusBadge status={w.status} />
        <Anchor component={Link} to={formsOf(w.status)} size="sm">
          {t('overview.countLink', { count, status: t(`labels.${w.status}`) })}
        </Anchor>
      </Group>
      <Stack
        component="ol"
        gap={6}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t(`labels.${w.status}`)}
      >
        {w.applications.map((a) => (
          <li key={a.studentCourseId}>
            <Anchor
              component={Link}
              to={formsOf(w.status, a.studentCourseId)}
              fw={600}
              size="sm"
              aria-label={t('overview.open', { name: a.fullName })}
              style={{ overflowWrap: 'anywhere' }}
            >
              {a.fullName}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {a.course} · {a.university} ·{' '}
              <time dateTime={a.since}>{t('overview.since', { date: format.date(a.since) })}</time>
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
