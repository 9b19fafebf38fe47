import type {
  TApplicationStatus,
  TPassportWhereabouts,
  TReminderNotificationKind,
  TReminderPayload,
  TUserNotification,
} from '@uniapply/shared';
import { json, type THandlers } from './fake-api';

// Issue 18: the stored notifications of one student or agent as the web tests' fake, answering the
// list (newest first, with the unread count) and markRead (exactly the ids sent) like the server.

type TStatusNotification = Extract<TUserNotification, { kind: 'statusChanged' }>;

export const storedNotification = (
  id: number,
  to: TApplicationStatus,
  options: Partial<Omit<TStatusNotification, 'kind'>> = {},
): TStatusNotification => ({
  id,
  kind: 'statusChanged',
  payload: { from: 'underReview', to, message: null },
  createdAt: `2026-11-22T10:${String(id % 60).padStart(2, '0')}:00.000Z`,
  readAt: null,
  studentCourseId: 1,
  studentId: 12,
  studentName: 'Aziza Karimova',
  courseName: 'Computer Science',
  universityName: 'Taylor’s University',
  ...options,
});

/** Every condition of an offer met (issue 22), as the server stores it. */
export const storedConditionsMet = (
  id: number,
  options: Partial<Omit<TUserNotification, 'kind' | 'payload'>> = {},
): TUserNotification => ({
  ...storedNotification(id, 'submitted', options),
  kind: 'conditionsMet',
  payload: { offerId: 1 },
});

/** The passport moved (issue 22 item 5), as the server stores it. */
export const storedPassportMoved = (
  id: number,
  from: TPassportWhereabouts,
  to: TPassportWhereabouts,
  options: Partial<Omit<TUserNotification, 'kind' | 'payload'>> = {},
): TUserNotification => ({
  ...storedNotification(id, 'offerAccepted', options),
  kind: 'passportMoved',
  payload: { from, to },
});

/** A notification of a kind other than a reminder, with its payload, as the server stores it. */
export const storedOfKind = <K extends Exclude<TUserNotification['kind'], TReminderNotificationKind>>(
  id: number,
  kind: K,
  payload: Extract<TUserNotification, { kind: K }>['payload'],
  options: Partial<Omit<TUserNotification, 'kind' | 'payload'>> = {},
): TUserNotification =>
  ({ ...storedNotification(id, 'submitted', options), kind, payload }) as TUserNotification;

/** A reminder (issue 21 item 5) as the server stores it. */
export const storedReminder = (
  id: number,
  kind: TReminderNotificationKind,
  payload: TReminderPayload,
  options: Partial<Omit<TUserNotification, 'kind' | 'payload'>> = {},
): TUserNotification => ({ ...storedNotification(id, 'submitted', options), kind, payload });

export function fakeStoredNotifications(items: TUserNotification[]) {
  const store = { items: [...items] };
  const list = () => {
    const sorted = [...store.items].sort((a, b) => b.id - a.id);
    return { items: sorted, unread: sorted.filter((n) => n.readAt === null).length };
  };
  const handlers: THandlers = {
    'GET /api/UserNotification/list': () => json(list()),
    'POST /api/UserNotification/markRead': (init) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: number[] };
      const marked = store.items.filter((n) => ids.includes(n.id) && n.readAt === null);
      for (const n of marked) n.readAt = '2026-11-23T09:00:00.000Z';
      return json({ ids: marked.map((n) => n.id).sort((a, b) => a - b) });
    },
  };
  return { store, handlers, list };
}
