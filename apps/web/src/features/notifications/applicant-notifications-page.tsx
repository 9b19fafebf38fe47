import { Anchor, Badge, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPLICATION_STATUSES,
  conditionName,
  deadlineZones,
  formatDate,
  formatDateTime,
  intakeStartInstant,
  REMINDER_NOTIFICATION_KINDS,
  type TIntakeDeferredPayload,
  type TNamedCondition,
  type TOfferTermsChangedPayload,
  type TReminderNotificationKind,
  type TUserNotification,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QueryStates } from '../../components/feedback/query-states';
import { EmptyResults, LoadError } from '../../components/paged-list/load-states';
import { formatIn } from '../../lib/format';
import { fetchMyStatuses, StatusBadge, statusKeys } from '../application-status';
import { useSession } from '../auth';
import { fetchStored, markStoredRead, storedKeys } from './api';
import { useNotificationHub } from './hub-context';
import classes from './notifications.module.css';

// Issue 18: the bell's page for students and agents (/Student/Notifications, /Agent/Notifications).
// Their stored notifications, newest first, each naming the course and the university and linking
// to the application; unread ones are marked. Opening the page marks exactly the entries it shows
// as read (their ids, never "all"); they stay marked unread on screen until the next opening. One
// that arrives while the page is open appears at the top, unread, until the page is opened again.

export function ApplicantNotificationsPage() {
  const { t } = useTranslation('status');
  const { user } = useSession();
  const agent = user?.role === 'Agent';
  return (
    <Stack gap="lg" maw={900}>
      <Title order={1} size="h2">
        {t('page.title')}
      </Title>
      <StoredSection agent={agent} />
      <CurrentStatuses agent={agent} />
    </Stack>
  );
}

/**
 * The stored notifications of this opening, with those that arrived since on top; the entries
 * shown unread are marked read (their ids, never "all").
 */
function useStoredEntries() {
  const hub = useNotificationHub();
  const { opened } = hub;
  const queryClient = useQueryClient();
  const { key } = useLocation();
  // Opening the page is seeing what arrived: the bell stops pulsing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening (a new location key) clears it.
  useEffect(() => opened(), [opened, key]);

  // Every opening (also the bell clicked while here) reads the list afresh.
  const list = useQuery({
    queryKey: storedKeys.page(key),
    queryFn: ({ signal }) => fetchStored(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const { mutate } = useMutation({
    mutationFn: markStoredRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: storedKeys.list, exact: true }),
  });
  useEffect(() => {
    const shown = list.data?.items.filter((n) => n.readAt === null).map((n) => n.id) ?? [];
    if (shown.length) mutate(shown);
  }, [list.data, mutate]);

  const shown = list.data?.items ?? [];
  const newest = shown.reduce((max, n) => Math.max(max, n.id), 0);
  const arrived = list.data
    ? (hub.stored?.items ?? []).filter((n) => n.id > newest && n.readAt === null)
    : [];
  return { list, entries: [...arrived, ...shown], arrivedIds: new Set(arrived.map((n) => n.id)) };
}

function StoredSection({ agent }: { agent: boolean }) {
  const { t } = useTranslation('status');
  const { list, entries, arrivedIds } = useStoredEntries();
  return (
    <section aria-labelledby="stored-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="stored-title">
          {t('page.stored')}
        </Title>
        {list.isPending && (
          <Stack role="status" aria-label={t('loading')} gap="md">
            <Skeleton height={96} radius="md" />
            <Skeleton height={96} radius="md" />
          </Stack>
        )}
        {list.isError && (
          <LoadError title={t('page.loadFailed')} error={list.error} onRetry={() => list.refetch()} />
        )}
        {list.data && entries.length === 0 && (
          <EmptyResults title={t('page.empty.title')} description={t('page.empty.text')} />
        )}
        {entries.length > 0 && (
          <ul className={classes.entries} aria-labelledby="stored-title">
            {entries.map((n) => (
              <li key={n.id}>
                <Entry
                  notification={n}
                  unread={n.readAt === null}
                  fresh={arrivedIds.has(n.id)}
                  agent={agent}
                />
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
}

/** How many applications are in each status now, and the way home. */
function CurrentStatuses({ agent }: { agent: boolean }) {
  const { t } = useTranslation('status');
  const current = useQuery({
    queryKey: statusKeys.mine,
    queryFn: ({ signal }) => fetchMyStatuses(signal),
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="now-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="now-title">
          {t('page.now')}
        </Title>
        <QueryStates query={current} loading={t('loading')} failed={t('section.loadFailed')}>
          {(states) =>
            states.length === 0 ? (
              <Text c="dimmed">{t('section.empty')}</Text>
            ) : (
              <Stack
                component="ul"
                gap="xs"
                aria-labelledby="now-title"
                style={{ listStyle: 'none', padding: 0 }}
              >
                {APPLICATION_STATUSES.map((status) => {
                  const count = states.filter((s) => s.status === status).length;
                  return count ? (
                    <Group component="li" key={status} gap="xs">
                      <StatusBadge status={status} />
                      <Text>{t('page.count', { count })}</Text>
                    </Group>
                  ) : null;
                })}
              </Stack>
            )
          }
        </QueryStates>
        <Anchor component={Link} to={agent ? '/Agent/Students' : '/Student/Dashboard'}>
          {agent ? t('page.toStudents') : t('page.toDashboard')}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** Where an entry leads: the application's status card (the student's dashboard, the agent's home). */
export const applicationLink = (n: TUserNotification, agent: boolean) =>
  agent
    ? '/Agent/Students'
    : n.studentCourseId
      ? `/Student/Dashboard#application-${n.studentCourseId}`
      : '/Student/Dashboard';

/** Whether a stored notification is a reminder (issue 21 item 5) rather than news of a change. */
const isReminder = (
  n: TUserNotification,
): n is Extract<TUserNotification, { kind: TReminderNotificationKind }> =>
  (REMINDER_NOTIFICATION_KINDS as readonly string[]).includes(n.kind);

/** The reminder kinds that name a date, and the payload field that holds it. */
const REMINDER_DATES = {
  reminderDeadline: 'deadline',
  reminderOffer: 'answerBy',
  reminderCondition: 'intakeStart',
} as const;

/**
 * What a reminder says (issue 21 item 5; issue 22: an offer to answer, a condition still pending):
 * an idle wizard, documents still missing, or a date near (a deadline, an offer's answer-by date,
 * the intake's start), named in Kuala Lumpur's and Tashkent's time (each zone named) through the
 * one formatter.
 */
function ReminderText({ notification: n, agent }: { notification: TUserNotification; agent: boolean }) {
  const { t } = useTranslation(['status', 'common']);
  if (!isReminder(n)) return null;
  const text =
    n.kind === 'reminderIdle'
      ? t(agent ? 'page.reminderIdleAgent' : 'page.reminderIdle', { step: n.payload.step })
      : t(`page.${n.kind}`);
  const field = n.kind in REMINDER_DATES ? REMINDER_DATES[n.kind as keyof typeof REMINDER_DATES] : null;
  const date = field ? n.payload[field] : undefined;
  return (
    <Stack gap={2}>
      <Text size="sm">{text}</Text>
      {date ? <ZonedLines date={date} /> : null}
    </Stack>
  );
}

/** An instant in Kuala Lumpur's and Tashkent's time, each zone named, through the one formatter. */
function ZonedLines({ date }: { date: string }) {
  const { t, i18n } = useTranslation(['status', 'common']);
  return deadlineZones(true).map((zone) => (
    <Text size="sm" fw={600} key={zone}>
      <time dateTime={date}>{formatDateTime(date, i18n.language, zone)}</time> (
      {t(`common:timeZones.${zone}`)})
    </Text>
  ));
}

/** Conditions of an offer named in the reader's language, under their heading. */
function ConditionList({ heading, conditions }: { heading: string; conditions: TNamedCondition[] }) {
  const { t } = useTranslation(['status', 'offers']);
  return (
    <Stack gap={2}>
      <Text size="sm">{heading}</Text>
      <List size="sm" withPadding>
        {conditions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same condition may be listed twice
          <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
            {conditionName(c, t)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Issue 22, left: an offer's new terms: the answer-by date in both zones, the fees, the conditions. */
function TermsChangedText({ payload, agent }: { payload: TOfferTermsChangedPayload; agent: boolean }) {
  const { t } = useTranslation('status');
  return (
    <Stack gap={4}>
      <Text size="sm">{t(agent ? 'page.offerTermsChangedAgent' : 'page.offerTermsChanged')}</Text>
      <Stack gap={2}>
        <Text size="sm">{t('page.offerAnswerBy')}</Text>
        <ZonedLines date={payload.answerBy} />
      </Stack>
      {payload.fees ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('page.offerFees', { fees: payload.fees })}
        </Text>
      ) : null}
      {payload.conditions.length ? (
        <ConditionList heading={t('page.offerConditions')} conditions={payload.conditions} />
      ) : null}
    </Stack>
  );
}

/** Issue 21, left: a deferral, naming both intakes by their start dates as far as they are known. */
function DeferredText({ payload, agent }: { payload: TIntakeDeferredPayload; agent: boolean }) {
  const { t, i18n } = useTranslation('status');
  const day = (date: string | null) =>
    date ? formatDate(intakeStartInstant(date), i18n.language, UNIVERSITY_TIME_ZONE) : '';
  const from = day(payload.fromStartDate);
  const to = day(payload.toStartDate);
  const key = from && to ? 'FromTo' : to ? 'To' : '';
  return (
    <Stack gap={4}>
      <Text size="sm">{t(`page.intakeDeferred${key}${agent ? 'Agent' : ''}`, { from, to })}</Text>
      {payload.message ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payload.message}
        </Text>
      ) : null}
    </Stack>
  );
}

function Entry({
  notification: n,
  unread,
  fresh,
  agent,
}: {
  notification: TUserNotification;
  unread: boolean;
  fresh: boolean;
  agent: boolean;
}) {
  const { t, i18n } = useTranslation('status');
  const when = formatIn(i18n.language).dateTime(n.createdAt);
  const course = n.courseName
    ? t('page.course', { course: n.courseName, university: n.universityName ?? '' })
    : n.kind === 'reminderIdle'
      ? t('page.idleTitle')
      : t('page.gone');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-unread={unread || undefined}
      data-new={fresh || undefined}
      component="article"
      aria-label={course}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {isReminder(n) && (
            <Badge color="indigo.9" variant="filled" size="sm">
              {t('page.reminder')}
            </Badge>
          )}
          {unread && (
            <Badge color="red.9" variant="filled" size="sm">
              {t('page.unread')}
            </Badge>
          )}
          <Text size="sm" c="dimmed" component="time" dateTime={n.createdAt}>
            {when}
          </Text>
        </Group>
        {(n.courseName && n.studentCourseId) || n.kind === 'reminderIdle' ? (
          <Anchor component={Link} to={applicationLink(n, agent)} fw={700} className={classes.name}>
            {course}
          </Anchor>
        ) : (
          <Text fw={700}>{course}</Text>
        )}
        {agent && n.studentName ? <Text size="sm">{t('page.student', { name: n.studentName })}</Text> : null}
        {n.kind === 'statusChanged' ? (
          <>
            <Group gap="xs" wrap="wrap" align="center">
              <Text size="sm">{t('page.statusNow')}</Text>
              <StatusBadge status={n.payload.to} size="md" />
            </Group>
            {n.payload.conditions?.length ? (
              <ConditionList heading={t('page.conditionsNotMet')} conditions={n.payload.conditions} />
            ) : null}
            {n.payload.message ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {n.payload.message}
              </Text>
            ) : null}
          </>
        ) : n.kind === 'offerTermsChanged' ? (
          <TermsChangedText payload={n.payload} agent={agent} />
        ) : n.kind === 'intakeDeferred' ? (
          <DeferredText payload={n.payload} agent={agent} />
        ) : n.kind === 'conditionsMet' ? (
          <Text size="sm">{t(agent ? 'page.conditionsMetAgent' : 'page.conditionsMet')}</Text>
        ) : n.kind === 'passportMoved' ? (
          <Text size="sm">
            {agent
              ? t('page.passportMovedAgent', { where: t(`nextSteps.adminWhereabouts.${n.payload.to}`) })
              : t('page.passportMoved', { where: t(`nextSteps.whereabouts.${n.payload.to}`) })}
          </Text>
        ) : (
          <ReminderText notification={n} agent={agent} />
        )}
      </Stack>
    </Card>
  );
}
