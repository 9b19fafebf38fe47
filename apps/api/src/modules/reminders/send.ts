import type { TReminderNotificationKind, TReminderPayload, TSettings } from '@uniapply/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../../db/client.js';
import {
  applicationStages,
  courses,
  documentRequests,
  documentTypes,
  studentCourses,
  studentInfos,
  universities,
  universityCourses,
  userNotifications,
  users,
} from '../../db/schema/index.js';
import { enqueueServerMails, type TMailItem, type TServerMail } from '../mail/index.js';
import { dueConditions, dueDeadlines, dueDocuments, dueIdle, dueOffers, type TDueKey } from './due.js';

// The reminders job's work (issue 21 item 5): for each kind, the due keys are written and, in the
// same transaction, one stored notification for the account that manages the profile (the student,
// or the owning agent) and the mails through the outbox (the student; for an agent's student the
// profile's address and the agent's copy), in the recipient's language. A batch commits all of it
// or none, so a reminder is recorded exactly when it was sent.

/**
 * At most this many reminders per run, the most urgent kinds first (offers to answer, deadlines,
 * pending conditions, documents, idle wizards), each kind in one transaction: a run stays short (issue 21 item 6: at most 2 s), and a
 * backlog (the first runs after deployment) goes out over the next hourly runs, the most overdue
 * first.
 */
export const REMINDERS_PER_RUN = 1000;

type TReminder = {
  userId: number;
  studentId: number;
  studentCourseId: number | null;
  kind: TReminderNotificationKind;
  payload: TReminderPayload;
  mail: TServerMail['params'];
};

async function write(tx: TDbOrTx, reminders: TReminder[], now: Date) {
  if (reminders.length === 0) return;
  const createdAt = now.toISOString();
  const rows = reminders.map((r) => ({
    userId: r.userId,
    studentCourseId: r.studentCourseId,
    kind: r.kind,
    payload: r.payload,
    createdAt,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(userNotifications).values(rows.slice(i, i + 1000));
  await enqueueServerMails(
    tx,
    reminders.map((r) => ({ kind: r.kind, studentId: r.studentId, params: r.mail })),
  );
}

/** Only profiles a student or an agent manages are reminded (an admin's own are not). */
const remindedRole = inArray(users.role, ['Student', 'Agent']);

/** (a) The idle wizards of these students. */
async function idleReminders(tx: TDbOrTx, keys: TDueKey[]): Promise<TReminder[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .select({ studentId: studentInfos.id, userId: studentInfos.userId, step: applicationStages.step })
    .from(studentInfos)
    .innerJoin(applicationStages, eq(applicationStages.studentId, studentInfos.id))
    .innerJoin(users, eq(users.id, studentInfos.userId))
    .where(
      and(
        inArray(
          studentInfos.id,
          keys.map((k) => k.subjectId),
        ),
        remindedRole,
      ),
    );
  return rows.map((r) => {
    const step = Math.max(1, r.step);
    return {
      userId: r.userId,
      studentId: r.studentId,
      studentCourseId: null,
      kind: 'reminderIdle',
      payload: { studentId: r.studentId, step },
      mail: { university: '', course: '', step },
    };
  });
}

/** The applications of these keys with their course and university. */
function applicationsOf(tx: TDbOrTx, keys: TDueKey[]) {
  return tx
    .select({
      id: studentCourses.id,
      studentId: studentCourses.studentId,
      userId: studentInfos.userId,
      course: courses.name,
      university: universities.name,
    })
    .from(studentCourses)
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId))
    .innerJoin(users, eq(users.id, studentInfos.userId))
    .where(
      and(
        inArray(
          studentCourses.id,
          keys.map((k) => k.subjectId),
        ),
        remindedRole,
      ),
    );
}

/** (b) The open requests of these applications, named in the mail. */
async function documentsReminders(tx: TDbOrTx, keys: TDueKey[]): Promise<TReminder[]> {
  if (keys.length === 0) return [];
  const ids = keys.map((k) => k.subjectId);
  const open = await tx
    .select({
      id: documentRequests.studentCourseId,
      documentTypeId: documentRequests.documentTypeId,
      name: documentTypes.name,
      text: documentRequests.text,
    })
    .from(documentRequests)
    .leftJoin(documentTypes, eq(documentTypes.id, documentRequests.documentTypeId))
    .where(and(inArray(documentRequests.studentCourseId, ids), isNull(documentRequests.answeredAt)))
    .orderBy(asc(documentRequests.id));
  const items = new Map<number, TMailItem[]>();
  for (const o of open) {
    const item: TMailItem =
      o.documentTypeId !== null ? { documentTypeId: o.documentTypeId, name: o.name ?? '' } : (o.text ?? '');
    items.set(o.id, [...(items.get(o.id) ?? []), item]);
  }
  return (await applicationsOf(tx, keys)).map((a) => ({
    userId: a.userId,
    studentId: a.studentId,
    studentCourseId: a.id,
    kind: 'reminderDocuments',
    payload: {},
    mail: { university: a.university, course: a.course, items: items.get(a.id) ?? [] },
  }));
}

/** (c) The deadline of each key (its period), named in both zones in the mail. */
async function deadlineReminders(tx: TDbOrTx, keys: TDueKey[]): Promise<TReminder[]> {
  if (keys.length === 0) return [];
  const deadline = new Map(keys.map((k) => [k.subjectId, k.period]));
  return (await applicationsOf(tx, keys)).map((a) => ({
    userId: a.userId,
    studentId: a.studentId,
    studentCourseId: a.id,
    kind: 'reminderDeadline',
    payload: { deadline: deadline.get(a.id)! },
    mail: { university: a.university, course: a.course, deadline: deadline.get(a.id)! },
  }));
}

/** (d) Issue 22: the offer's answer-by date of each key (its period), named in both zones. */
async function offerReminders(tx: TDbOrTx, keys: TDueKey[]): Promise<TReminder[]> {
  if (keys.length === 0) return [];
  const answerBy = new Map(keys.map((k) => [k.subjectId, k.period]));
  return (await applicationsOf(tx, keys)).map((a) => ({
    userId: a.userId,
    studentId: a.studentId,
    studentCourseId: a.id,
    kind: 'reminderOffer',
    payload: { answerBy: answerBy.get(a.id)! },
    mail: { university: a.university, course: a.course, answerBy: answerBy.get(a.id)! },
  }));
}

/** (e) Issue 22: the intake's start of each key (its period: the start date at 00:00 in Kuala Lumpur). */
async function conditionReminders(tx: TDbOrTx, keys: TDueKey[]): Promise<TReminder[]> {
  if (keys.length === 0) return [];
  const starts = new Map(keys.map((k) => [k.subjectId, k.period]));
  return (await applicationsOf(tx, keys)).map((a) => ({
    userId: a.userId,
    studentId: a.studentId,
    studentCourseId: a.id,
    kind: 'reminderCondition',
    payload: { intakeStart: starts.get(a.id)! },
    mail: { university: a.university, course: a.course, intakeStart: starts.get(a.id)! },
  }));
}

type TKindRun = {
  due: (tx: TDbOrTx, now: Date, limit: number) => Promise<TDueKey[]>;
  details: (tx: TDbOrTx, keys: TDueKey[]) => Promise<TReminder[]>;
};

/**
 * One run of the reminders job at `now` (the app's clock): the due reminders, at most
 * REMINDERS_PER_RUN in all. Safe to run twice and in several processes at once (see due.ts).
 * Returns how many reminders of each kind it sent.
 */
export async function sendReminders(db: TDb, now: Date, settings: TSettings, budget = REMINDERS_PER_RUN) {
  const kinds: Record<'offer' | 'deadline' | 'condition' | 'documents' | 'idle', TKindRun> = {
    offer: { due: dueOffers, details: offerReminders },
    deadline: { due: (tx, at, limit) => dueDeadlines(tx, at, settings, limit), details: deadlineReminders },
    condition: { due: dueConditions, details: conditionReminders },
    documents: { due: dueDocuments, details: documentsReminders },
    idle: { due: dueIdle, details: idleReminders },
  };
  const sent = { offer: 0, deadline: 0, condition: 0, documents: 0, idle: 0 };
  let left = budget;
  for (const [name, kind] of Object.entries(kinds) as [keyof typeof kinds, TKindRun][]) {
    if (left <= 0) break;
    const keys = await db.transaction(async (tx) => {
      const due = await kind.due(tx, now, left);
      await write(tx, await kind.details(tx, due), now);
      return due;
    });
    sent[name] = keys.length;
    left -= keys.length;
  }
  return sent;
}
