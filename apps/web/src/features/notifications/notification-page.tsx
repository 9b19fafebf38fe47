import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@uniapply/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyResults, LoadError } from '../../components/paged-list/load-states';
import { formatIn } from '../../lib/format';
import { fetchUnreadNotifications, markNotified, notificationKeys } from './api';
import { useNotificationHub } from './hub-context';
import classes from './notifications.module.css';

// Spec 2.3 "Admin Notification screen" and DESIGN 6: cards of the notifications with isNotified
// false; opening the screen marks exactly the ones it showed (never "all") and clears the bell.
// One that arrives while the screen is open appears as a new card and stays unread until the
// screen is opened again (the bell, or a reload). Issue 20 item 6: each card says when it arrived
// (the one formatter) and its name opens the application's record.

/** The unread list of this opening, marked notified once shown; the live arrivals first. */
function useUnreadCards() {
  const hub = useNotificationHub();
  const { opened, markedRead } = hub;
  // Every opening (also the bell clicked while here) reads the list afresh.
  const { key } = useLocation();
  const list = useQuery({
    queryKey: notificationKeys.unread(key),
    queryFn: ({ signal }) => fetchUnreadNotifications(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  const mark = useMutation({
    mutationFn: markNotified,
    onSuccess: (_done, ids) => markedRead(ids),
  });
  const { mutate } = mark;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening (a new location key) clears the bell.
  useEffect(() => {
    opened();
  }, [opened, key]);
  useEffect(() => {
    if (list.data?.length) mutate(list.data.map((n) => n.id));
  }, [list.data, mutate]);

  const shown = list.data ?? [];
  const shownIds = new Set(shown.map((n) => n.id));
  const arrived = list.data ? hub.unread.filter((n) => !shownIds.has(n.id)) : [];
  const cards = [...arrived.slice().reverse(), ...shown.slice().sort((a, b) => b.id - a.id)];
  return { list, cards, isNew: (n: TNotification) => !shownIds.has(n.id) };
}

/** The admin's record of one application (its status panel and form). */
export const applicationRecordLink = (studentCourseId: number) =>
  `/Admin/ApplicationForms/${studentCourseId}`;

export function NotificationPage() {
  const { t } = useTranslation('notifications');
  const { list, cards, isNew } = useUnreadCards();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      {list.isPending && (
        <Stack role="status" aria-label={t('loading')} gap="md">
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      )}
      {list.isError && (
        <LoadError title={t('loadFailed')} error={list.error} onRetry={() => list.refetch()} />
      )}
      {list.data && cards.length === 0 && (
        <EmptyResults title={t('empty.title')} description={t('empty.text')} />
      )}
      {cards.length > 0 && (
        <ul className={classes.cards} aria-label={t('listLabel')}>
          {cards.map((n) => (
            <li key={n.id}>
              <NotificationCard notification={n} isNew={isNew(n)} />
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function NotificationCard({ notification: n, isNew }: { notification: TNotification; isNew: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const { fullName, universityName, courseName } = n.notificationData;
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-new={isNew || undefined}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          {isNew && (
            <Badge color="red.9" variant="filled" size="sm">
              {t('new')}
            </Badge>
          )}
          <Text size="sm" c="dimmed" component="time" dateTime={n.createdAt}>
            {formatIn(i18n.language).dateTime(n.createdAt)}
          </Text>
        </Group>
        {n.studentCourseId ? (
          <Anchor
            component={Link}
            to={applicationRecordLink(n.studentCourseId)}
            fw={700}
            className={classes.name}
          >
            {fullName}
          </Anchor>
        ) : (
          <Text fw={700} className={classes.name}>
            {fullName}
          </Text>
        )}
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('university')}:{' '}
          </Text>
          {universityName}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('course')}:{' '}
          </Text>
          {courseName}
        </Text>
      </Stack>
    </Card>
  );
}
