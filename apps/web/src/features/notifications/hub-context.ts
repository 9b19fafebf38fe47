import type { TApplicationChange, TNotification, TUserNotificationList } from '@uniapply/shared';
import { createContext, useContext } from 'react';
import type { THubState } from './hub-connection';

export type TNotificationHub = {
  /** Whether this user has a live hub at all (every signed-in role). */
  enabled: boolean;
  /** Issue 12: application changes received live in this tab (students and agents), newest first. */
  changes: TApplicationChange[];
  /**
   * What the bell counts besides `unread`: for students and agents their stored unread
   * notifications (issue 18); for admins nothing.
   */
  unseen: number;
  /** Issue 18: the stored notifications of a student or an agent (null: none loaded, or an admin). */
  stored: TUserNotificationList | null;
  state: THubState;
  /** Live notifications received in this tab and not yet read by any admin, oldest first. */
  unread: TNotification[];
  /** Spec 4: the bell is highlighted (and pulses) since a live notification arrived. */
  highlighted: boolean;
  /** The Notification screen was opened: the highlight clears. */
  opened(): void;
  /** These notifications were marked as notified (here or by any admin). */
  markedRead(ids: number[]): void;
};

const inert: TNotificationHub = {
  enabled: false,
  state: 'disconnected',
  unread: [],
  changes: [],
  unseen: 0,
  stored: null,
  highlighted: false,
  opened: () => {},
  markedRead: () => {},
};

export const NotificationHubContext = createContext<TNotificationHub>(inert);

export const useNotificationHub = () => useContext(NotificationHubContext);
