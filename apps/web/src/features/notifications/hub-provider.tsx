import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApplicationChange, TNotification, TPagedResult } from '@uniapply/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../lib/resources';
import { fetchStored, notificationKeys, storedKeys } from './api';
import { startHub, type THubOptions, type THubState } from './hub-connection';
import { NotificationHubContext, type TNotificationHub } from './hub-context';

type TLive = { unread: TNotification[]; highlighted: boolean };
type TRow = { id: number } & Record<string, unknown>;
type TChanges = { changes: TApplicationChange[]; unseen: number };

const withoutRead = (live: TLive, ids: number[]): TLive => {
  const read = new Set(ids);
  const unread = live.unread.filter((n) => !read.has(n.id));
  return { unread, highlighted: live.highlighted && unread.length > 0 };
};

// Whatever shows an application's status reads it under this key root (application-status's
// `statusKeys.all`), written here rather than imported: its public entry would bring the whole status
// feature into the shell's chunk.
const STATUS_QUERIES = ['ApplicationStatus'] as const;
const NO_CHANGES: TChanges = { changes: [], unseen: 0 };

/**
 * A live change of an application: every status shown is read again, the student lists show the
 * student's latest status at once (the agent's Student Maintenance), and an applicant's tab keeps
 * the change for its bell.
 */
function applyApplicationChange(queryClient: QueryClient, change: TApplicationChange, applicant: boolean) {
  void queryClient.invalidateQueries({ queryKey: STATUS_QUERIES });
  if (change.kind === 'statusChanged')
    queryClient.setQueriesData<TPagedResult<TRow>>({ queryKey: resourceKeys.lists('StudentInfo') }, (page) =>
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
  if (!applicant) return false;
  queryClient.setQueryData<TChanges>(notificationKeys.changes, (c = NO_CHANGES) => ({
    changes: [change, ...c.changes].slice(0, 100),
    unseen: c.unseen + 1,
  }));
  return true;
}

type THubProps = { enabled: boolean; applicant?: boolean; children: ReactNode; options?: THubOptions };

/** The hub's connection while `enabled`: its state and the admin's live notifications of this tab. */
function useHubConnection({ enabled, applicant = false, options }: Omit<THubProps, 'children'>) {
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
          if (applyApplicationChange(queryClient, change, applicant))
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
  return { state, live, setLive };
}

/**
 * One hub connection per signed-in tab, shared by the sidebar's bell and the screens. Admins get
 * new applications; students and agents (`applicant`) their applications' changes, which also
 * refresh every status shown.
 */
export function NotificationHubProvider({ enabled, applicant = false, children, options }: THubProps) {
  const queryClient = useQueryClient();
  const { state, live, setLive } = useHubConnection({ enabled, applicant, options });
  const received = useQuery({
    queryKey: notificationKeys.changes,
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
    queryClient.setQueryData<TChanges>(notificationKeys.changes, (c = NO_CHANGES) =>
      c.unseen ? { ...c, unseen: 0 } : c,
    );
  }, [queryClient, setLive]);
  const markedRead = useCallback((ids: number[]) => setLive((l) => withoutRead(l, ids)), [setLive]);
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
