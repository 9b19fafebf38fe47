import type { TUserNotificationList } from '@uniapply/shared';
import { api } from '../../lib/api';

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

export const fetchStored = (signal?: AbortSignal) =>
  api.get<TUserNotificationList>('/UserNotification/list', { signal });

export const markStoredRead = (ids: number[]) =>
  api.post<{ ids: number[] }>('/UserNotification/markRead', { ids });
