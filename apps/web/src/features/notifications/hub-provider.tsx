import type { TNotification } from '@uniapply/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startHub, type THubOptions, type THubState } from './hub-connection';
import { NotificationHubContext, type TNotificationHub } from './hub-context';

type TLive = { unread: TNotification[]; highlighted: boolean };

const withoutRead = (live: TLive, ids: number[]): TLive => {
  const read = new Set(ids);
  const unread = live.unread.filter((n) => !read.has(n.id));
  return { unread, highlighted: live.highlighted && unread.length > 0 };
};

/** One hub connection per signed-in admin tab, shared by the sidebar's bell and the screen. */
export function NotificationHubProvider({
  enabled,
  children,
  options,
}: {
  enabled: boolean;
  children: ReactNode;
  options?: THubOptions;
}) {
  const { i18n } = useTranslation();
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
            unread: l.unread.some((u) => u.id === n.id) ? l.unread : [...l.unread, n],
            highlighted: true,
          })),
        onRead: (ids) => setLive((l) => withoutRead(l, ids)),
      },
      options,
    );
    return () => hub.stop();
  }, [enabled, i18n, options]);

  const opened = useCallback(() => setLive((l) => ({ ...l, highlighted: false })), []);
  const markedRead = useCallback((ids: number[]) => setLive((l) => withoutRead(l, ids)), []);
  const value = useMemo<TNotificationHub>(
    () => ({ enabled, state, unread: live.unread, highlighted: live.highlighted, opened, markedRead }),
    [enabled, state, live, opened, markedRead],
  );
  return <NotificationHubContext.Provider value={value}>{children}</NotificationHubContext.Provider>;
}
