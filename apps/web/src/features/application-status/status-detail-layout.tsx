import { Group, Stack } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { TApplicationStatusDetail, TApplicationStatusState } from '@uniapply/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../components/feedback/query-states';
import { STATUS_NAMESPACES } from './namespaces';
import { fetchStatusDetail, statusKeys } from './status-api';
import { StatusBadge } from './status-badge';

// One application's status as both sides lay it out: the applicant's card (dashboard, the agent's
// Details panel) and the admin's status panel on Application Forms. A heading beside the current
// status's badge, then a loader, the load error, or the loaded body (requests, history, actions).

/** One application's state, history and requests (a live ApplicationChanged refreshes it). */
export const useStatusDetail = (studentCourseId: number) =>
  useQuery({
    queryKey: statusKeys.detail(studentCourseId),
    queryFn: ({ signal }) => fetchStatusDetail(studentCourseId, signal),
  });

export function StatusDetailLayout({
  detail,
  heading,
  besideBadge,
  children,
}: {
  detail: UseQueryResult<TApplicationStatusDetail>;
  /** The top row's title side. */
  heading: ReactNode;
  /** After the badge (the admin's "since" date). */
  besideBadge?: (state: TApplicationStatusState) => ReactNode;
  /** The body, once the detail has loaded. */
  children: (loaded: TApplicationStatusDetail) => ReactNode;
}) {
  const { t } = useTranslation(STATUS_NAMESPACES);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        {heading}
        {detail.data ? (
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={detail.data.state.status} />
            {besideBadge?.(detail.data.state)}
          </Group>
        ) : null}
      </Group>
      <QueryStates query={detail} loading={t('loading')} failed={t('loadFailed')}>
        {children}
      </QueryStates>
    </Stack>
  );
}
