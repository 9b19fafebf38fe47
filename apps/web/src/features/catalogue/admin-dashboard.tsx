import { Alert, Anchor, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileCheck, IconMail, IconSchool, IconStack2, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { formatIn } from '../../lib/format';
import { StatusOverview } from '../application-status';
import classes from './admin-dashboard.module.css';
import { adminKeys, fetchAdminSummary, fetchLatestMessages } from './api';

const CARDS = [
  { key: 'universities', to: '/Admin/Universities', icon: IconSchool },
  { key: 'courses', to: '/Admin/Courses', icon: IconStack2 },
  { key: 'students', to: '/Admin/Students', icon: IconUsers },
  { key: 'submittedApplications', to: '/Admin/ApplicationForms', icon: IconFileCheck },
] as const;

/**
 * The admin home (spec 2.1 'Welcome Admin'): counts linking to their screens, the applications by
 * status and the longest waiting (issue 12), latest messages.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation(['catalogue', 'crud']);
  return (
    <Stack gap="lg" className={classes.dashboard}>
      <Title order={1}>{t('dashboard.welcome')}</Title>
      <SummaryCards />
      {/* Its own boundary: the status texts load without holding up the rest of the page. */}
      <Suspense fallback={<Skeleton height={160} radius="md" />}>
        <StatusOverview />
      </Suspense>
      <LatestMessages />
    </Stack>
  );
}

/** The counts, each card opening its screen. */
function SummaryCards() {
  const { t, i18n } = useTranslation(['catalogue', 'crud']);
  const summary = useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => fetchAdminSummary(signal),
  });
  const format = formatIn(i18n.language);
  return (
    <section aria-labelledby="dashboard-summary">
      <Title order={2} size="h3" id="dashboard-summary" mb="sm">
        {t('dashboard.summary')}
      </Title>
      {summary.isError && (
        <Alert color="red" mb="sm" role="alert">
          {t('dashboard.summaryFailed', { message: errorText(t, summary.error) })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {CARDS.map(({ key, to, icon: Icon }) => (
          <Card
            key={key}
            component={Link}
            to={to}
            withBorder
            radius="md"
            padding="lg"
            className={classes.card}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text className={classes.count} aria-hidden={summary.isPending}>
                  {summary.data ? format.number(summary.data[key]) : summary.isPending ? '' : '–'}
                </Text>
                {summary.isPending && <Skeleton height={34} width={60} mb={4} />}
                <Text fw={600}>{t(`dashboard.${key}`)}</Text>
              </div>
              <Icon size={32} stroke={1.5} aria-hidden className={classes.icon} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** The newest messages of the contact form, each with a mailto link. */
function LatestMessages() {
  const { t, i18n } = useTranslation(['catalogue', 'crud']);
  const messages = useQuery({
    queryKey: adminKeys.latestMessages,
    queryFn: ({ signal }) => fetchLatestMessages(signal),
  });
  const format = formatIn(i18n.language);
  return (
    <Paper component="section" aria-labelledby="dashboard-messages" withBorder radius="md" p="lg">
      <Title order={2} size="h3" id="dashboard-messages">
        {t('dashboard.messages')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.messagesHint')}
      </Text>
      {messages.isPending && <Text role="status">{t('crud:loading')}</Text>}
      {messages.isError && (
        <Alert color="red" role="alert">
          {t('dashboard.messagesFailed', { message: errorText(t, messages.error) })}
        </Alert>
      )}
      {messages.data?.length === 0 && <Text>{t('dashboard.noMessages')}</Text>}
      {messages.data && messages.data.length > 0 && (
        <ul className={classes.messages}>
          {messages.data.map((m) => (
            <li key={m.id} className={classes.message}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={700}>{m.name}</Text>
                <Text size="sm" c="dimmed" component="time" dateTime={m.createdAt}>
                  {format.dateTime(m.createdAt)}
                </Text>
              </Group>
              <Anchor href={`mailto:${m.email}`} size="sm" className={classes.email}>
                <IconMail size={14} aria-hidden /> {m.email}
              </Anchor>
              <Text mt={4} className={classes.text}>
                {m.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
