import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApplicationChange, TNotification, TPagedResult } from '@uniapply/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../lib/resources';
import { startHub, type THubOptions, type THubState } from './hub-connection';
import { NotificationHubContext, type TNotificationHub } from './hub-context';
import { fetchStored, storedKeys } from './stored-queries';

type TLive = { unread: TNotification[]; highlighted: boolean };
type TRow = { id: number } & Record<string, unknown>;
type TChanges = { changes: TApplicationChange[]; unseen: number };

const withoutRead = (live: TLive, ids: number[]): TLive => {
  const read = new Set(ids);
  const unread = live.unread.filter((n) => !read.has(n.id));
  return { unread, highlighted: live.highlighted && unread.length > 0 };
};

// Whatever shows an application's status reads it under this key root (features/application-status).
const STATUS_QUERIES = ['ApplicationStatus'] as const;
// The changes received in this tab live in the query cache: the shell (and this provider) mounts
// again when the signed-in area does, the tab's list must not go with it; signing out clears it.
const CHANGES_KEY = ['hub', 'applicationChanges'] as const;
const NO_CHANGES: TChanges = { changes: [], unseen: 0 };

/**
 * One hub connection per signed-in tab, shared by the sidebar's bell and the screens. Admins get
 * new applications; students and agents (`applicant`) their applications' changes, which also
 * refresh every status shown.
 */
export function NotificationHubProvider({
  enabled,
  applicant = false,
  children,
  options,
}: {
  enabled: boolean;
  applicant?: boolean;
  children: ReactNode;
  options?: THubOptions;
}) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<THubState>('disconnected');
  const [live, setLive] = useState<TLive>({ unread: [], highlighted: false });

  useEffect(() => {
    if (!enabled) return;
    // The bell's texts, without suspending the sidebar.
    void i18n.loadNamespaces('notifications');
    const hub = startHub(
      {
        onState: setState,
        onNotification: (n) =>
          setLive((l) => ({
            ...l,
            unread: l.unread.some((u) => u.id === n.id) ? l.unread : [...l.unread, n],
            highlighted: true,
          })),
        onRead: (ids) => setLive((l) => withoutRead(l, ids)),
        onApplicationChange: (change) => {
          void queryClient.invalidateQueries({ queryKey: STATUS_QUERIES });
          // The student lists show each student's latest status (the agent's Student Maintenance):
          // a status change is the student's latest one, shown at once, then read again.
          if (change.kind === 'statusChanged')
            queryClient.setQueriesData<TPagedResult<TRow>>(
              { queryKey: resourceKeys.lists('StudentInfo') },
              (page) =>
                page
                  ? {
                      ...page,
                      result: page.result.map((row) =>
                        row.id === change.studentId
                          ? { ...row, latestStatus: change.to, latestStatusAt: change.at }
                          : row,
                      ),
                    }
                  : page,
            );
          void queryClient.invalidateQueries({ queryKey: resourceKeys.lists('StudentInfo') });
          if (!applicant) return;
          queryClient.setQueryData<TChanges>(CHANGES_KEY, (c = NO_CHANGES) => ({
            changes: [change, ...c.changes].slice(0, 100),
            unseen: c.unseen + 1,
          }));
          setLive((l) => ({ ...l, highlighted: true }));
        },
        // Issue 18: the stored notification arrived; the bell's count is read again.
        onUserNotification: () => {
          if (applicant) void queryClient.invalidateQueries({ queryKey: storedKeys.list, exact: true });
        },
      },
      options,
    );
    return () => hub.stop();
  }, [enabled, applicant, i18n, options, queryClient]);

  const received = useQuery({
    queryKey: CHANGES_KEY,
    queryFn: () => NO_CHANGES,
    initialData: NO_CHANGES,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  // Issue 18: students and agents count their stored unread notifications (a reload and a new
  // sign-in keep them); admins count the live notifications of this tab.
  const stored = useQuery({
    queryKey: storedKeys.list,
    queryFn: ({ signal }) => fetchStored(signal),
    enabled: enabled && applicant,
    refetchOnWindowFocus: true,
  });
  const opened = useCallback(() => {
    setLive((l) => ({ ...l, highlighted: false }));
    queryClient.setQueryData<TChanges>(CHANGES_KEY, (c = NO_CHANGES) => (c.unseen ? { ...c, unseen: 0 } : c));
  }, [queryClient]);
  const markedRead = useCallback((ids: number[]) => setLive((l) => withoutRead(l, ids)), []);
  const value = useMemo<TNotificationHub>(
    () => ({
      enabled,
      state,
      unread: live.unread,
      changes: received.changes,
      unseen: applicant ? (stored.data?.unread ?? 0) : received.unseen,
      stored: applicant ? (stored.data ?? null) : null,
      highlighted: live.highlighted,
      opened,
      markedRead,
    }),
    [enabled, applicant, state, live, received, stored.data, opened, markedRead],
  );
  return <NotificationHubContext.Provider value={value}>{children}</NotificationHubContext.Provider>;
}
