import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { QueryStates } from '../../components/feedback/query-states';
import { ApplicationStatusCard } from './application-status-card';
import { STATUS_NAMESPACES } from './namespaces';
import { fetchStatusList, statusKeys } from './status-api';

export type TCourseNames = Map<number, { course: string; university: string }>;

/** The element id of an application's status card in a list (links from the banner, notifications). */
export const applicationAnchor = (studentCourseId: number) => `application-${studentCourseId}`;

/**
 * Every submitted application of one student profile, one status card each (the student's
 * dashboard, the agent's Details panel). `names` gives each student course's course and university.
 */
export function ApplicationStatusList({ studentId, names }: { studentId: number; names: TCourseNames }) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  const list = useQuery({
    queryKey: statusKeys.list(studentId),
    queryFn: ({ signal }) => fetchStatusList(studentId, signal),
    enabled: studentId > 0,
  });
  // A link to one application (`#application-<id>`: the banner, a notification) shows its card.
  const { hash } = useLocation();
  const loaded = list.isSuccess;
  useEffect(() => {
    if (!loaded || !hash.startsWith('#application-')) return;
    const card = document.getElementById(hash.slice(1));
    card?.scrollIntoView?.({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [loaded, hash]);
  return (
    <QueryStates query={list} loading={t('loading')} failed={t('section.loadFailed')}>
      {(states) =>
        states.length === 0 ? (
          <Text c="dimmed">{t('section.empty')}</Text>
        ) : (
          <Stack gap="md">
            {states.map((s) => {
              const name = names.get(s.studentCourseId);
              return (
                <ApplicationStatusCard
                  key={s.studentCourseId}
                  studentCourseId={s.studentCourseId}
                  course={name?.course ?? '—'}
                  university={name?.university ?? ''}
                  anchorId={applicationAnchor(s.studentCourseId)}
                />
              );
            })}
          </Stack>
        )
      }
    </QueryStates>
  );
}
