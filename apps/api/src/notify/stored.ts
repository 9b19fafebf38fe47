import {
  type TApplicationChange,
  type TUserNotification,
  type TUserNotificationList,
  USER_NOTIFICATIONS_LIMIT,
} from '@uniapply/shared';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client.js';
import {
  courses,
  studentCourses,
  studentInfos,
  universities,
  universityCourses,
  userNotifications,
  users,
} from '../db/schema/index.js';

// Issue 18 item 2: the stored notifications of students and agents. A change of an application
// writes its row inside the change's own transaction (like the mail queue), for the account that
// manages the profile when that is a student or an agent; the live push after the commit is a
// copy of the stored row. Internal notes never get here (the change carries the applicant's
// message only).
//
// It sits in its own layer below the modules (issue 19 item 2): the application-status module
// writes a notification with each change, and the notifications module reads and marks them, so
// neither needs the other for it.

export type TStoredNotification = { userId: number; notification: TUserNotification };

const un = userNotifications;
// The student a notification is about: its application's, or an idle reminder's own (it names the
// student's wizard, not one course).
const aboutStudent = sql<
  number | null
>`coalesce(${studentCourses.studentId}, (${un.payload}->>'studentId')::integer)`;
const columns = {
  id: un.id,
  userId: un.userId,
  kind: un.kind,
  payload: un.payload,
  createdAt: un.createdAt,
  readAt: un.readAt,
  studentCourseId: un.studentCourseId,
  studentId: studentInfos.id,
  studentName: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${studentInfos.firstName}, ${studentInfos.lastName})), '')`,
  courseName: courses.name,
  universityName: universities.name,
};

/** The notifications matching `where`, newest first, with their application's names. */
async function select(db: TDbOrTx, where: SQL | undefined, limit: number): Promise<TStoredNotification[]> {
  const rows = await db
    .select(columns)
    .from(un)
    .leftJoin(studentCourses, eq(studentCourses.id, un.studentCourseId))
    .leftJoin(studentInfos, eq(studentInfos.id, aboutStudent))
    .leftJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .leftJoin(courses, eq(courses.id, universityCourses.courseId))
    .leftJoin(universities, eq(universities.id, universityCourses.universityId))
    .where(where)
    .orderBy(desc(un.id))
    .limit(limit);
  return rows.map(({ userId, ...n }) => ({ userId, notification: n as TUserNotification }));
}

/** What the applicant is told of a change (a stored notification's kind and payload), or null. */
function toldOf(change: TApplicationChange) {
  // The applicant's own withdrawal is not news to them.
  if (change.byUserId !== null && change.byUserId === change.ownerUserId) return null;
  // A status change (not confirm's own entry; a move to conditionsNotMet names the conditions), or
  // (issue 22) every condition of the offer met, the passport moved, the offer's terms changed, or
  // (issue 21) a deferral to a later intake.
  switch (change.kind) {
    case 'statusChanged': {
      if (change.from === null) return null;
      const { from, to, message, conditions } = change;
      return {
        kind: 'statusChanged',
        payload: { from, to, message, ...(conditions ? { conditions } : {}) },
      } as const;
    }
    case 'conditionsMet':
      return { kind: 'conditionsMet', payload: { offerId: change.offerId } } as const;
    case 'passportMoved':
      return { kind: 'passportMoved', payload: { from: change.from, to: change.to } } as const;
    case 'offerTermsChanged': {
      const { answerBy, fees, conditions } = change;
      return { kind: 'offerTermsChanged', payload: { answerBy, fees, conditions } } as const;
    }
    case 'intakeDeferred': {
      const { fromStartDate, toStartDate, message } = change;
      return { kind: 'intakeDeferred', payload: { fromStartDate, toStartDate, message } } as const;
    }
    default:
      return null;
  }
}

/**
 * Stores what the applicant side is told about these changes, inside their transaction, in their
 * order. A status change tells the managing account (a student or an agent; an admin who manages a
 * profile sees the admin screens); confirm's own entry (from null) and the applicant's own answers
 * do not. However many changes: one read of the owners, one insert, one read of the rows (the
 * offer-lapse job moves a batch at once).
 */
export async function storeChangeNotifications(
  tx: TDbOrTx,
  changes: readonly TApplicationChange[],
): Promise<TStoredNotification[]> {
  const told = changes.flatMap((change) => {
    const t = toldOf(change);
    return t ? [{ change, told: t }] : [];
  });
  if (told.length === 0) return [];
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(told.map((t) => t.change.ownerUserId))]),
        inArray(users.role, ['Student', 'Agent']),
      ),
    );
  const notified = new Set(owners.map((o) => o.id));
  const values = told
    .filter((t) => notified.has(t.change.ownerUserId))
    .map(({ change, told }) => ({
      userId: change.ownerUserId,
      studentCourseId: change.studentCourseId,
      ...told,
      createdAt: change.at,
    }));
  if (values.length === 0) return [];
  const inserted = await tx.insert(un).values(values).returning({ id: un.id });
  if (inserted.length === 0) return [];
  // Newest first, like the list (one change: its one row).
  return select(
    tx,
    inArray(
      un.id,
      inserted.map((r) => r.id),
    ),
    inserted.length,
  );
}

/** One change's notification (see storeChangeNotifications). */
export const storeChangeNotification = (tx: TDbOrTx, change: TApplicationChange) =>
  storeChangeNotifications(tx, [change]);

/** The caller's own notifications, newest first, and how many of theirs are unread. */
export async function listOwn(db: TDbOrTx, userId: number): Promise<TUserNotificationList> {
  const items = await select(db, eq(un.userId, userId), USER_NOTIFICATIONS_LIMIT);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(un)
    .where(and(eq(un.userId, userId), isNull(un.readAt)));
  return { items: items.map((r) => r.notification), unread: count?.n ?? 0 };
}

/**
 * Marks exactly these of the caller's notifications as read; returns the ids that were unread.
 * Another account's id is left alone like a missing one.
 */
export async function markOwnRead(db: TDbOrTx, userId: number, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(un)
    .set({ readAt: sql`now()` })
    .where(and(eq(un.userId, userId), inArray(un.id, ids), isNull(un.readAt)))
    .returning({ id: un.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
