import type { TFilter, TMarkedIds, TNotification, TUserNotificationList } from '@uniapply/shared';
import { api } from '../../lib/api';

// The notifications area's one API module (issue 19 item 3): its query keys and reads.
// Issue 18: the stored notifications of students and agents. The shell reads the list for the
// bell's unread count (and refreshes it on every live push); the Notifications page reads its own
// copy when it opens, so the entries it marks read stay marked unread on screen.

export const storedKeys = {
  all: ['UserNotification'] as const,
  /** The shell's copy: the bell's count and what arrived since the page opened. */
  list: ['UserNotification', 'list'] as const,
  /** The page's copy, one per opening (a new location key). */
  page: (key: string) => ['UserNotification', 'page', key] as const,
};

export const notificationKeys = {
  /** The admin Notification screen's unread cards, read afresh at each opening (a location key). */
  unread: (openingKey: string) => ['notifications', 'unread', openingKey] as const,
  /**
   * The application changes received in this tab: kept in the query cache, since the shell (and
   * the hub's provider) mounts again when the signed-in area does; signing out clears it.
   */
  changes: ['hub', 'applicationChanges'] as const,
};

export const fetchStored = (signal?: AbortSignal) =>
  api.get<TUserNotificationList>('/UserNotification/list', { signal });

export const markStoredRead = (ids: number[]) => api.post<TMarkedIds>('/UserNotification/markRead', { ids });

const UNREAD: TFilter = {
  operator: 'AND',
  conditions: [{ field: 'isNotified', operator: 'EQ', value: false }],
  groups: [],
};

/** The admin's notifications not yet shown (isNotified false). */
export const fetchUnreadNotifications = (signal?: AbortSignal) =>
  api.post<TNotification[]>('/Notification/findAsync', UNREAD, { signal });

/** Marks exactly the notifications a screen showed (never "all"). */
export const markNotified = (ids: number[]) => api.post<TMarkedIds>('/Notification/markNotified', { ids });
