import { asc, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import {
  courses,
  documentRequests,
  documentTypes,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { checkedMail, enqueueServerMails, type TMailItem, type TServerMail } from '../mail/index.js';
import type { TApplicationChange } from './events.js';

// The status mails of issue 12 item 4, queued in the change's transaction (the mail module's
// durable queue sends them, each in its recipient's language): confirm's "received", every
// status change (an internal note never goes into a mail) and every document request; one mail per
// recipient and event (issue 20 item 6), so they are queued once the transaction's work is done.

type TNames = { university: string; course: string };

/** The university and course of each application, in one read. */
async function namesOf(tx: TDbOrTx, studentCourseIds: number[]): Promise<Map<number, TNames>> {
  if (studentCourseIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: studentCourses.id, university: universities.name, course: courses.name })
    .from(studentCourses)
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .where(inArray(studentCourses.id, [...new Set(studentCourseIds)]));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** What each request asks for: the document type (named in each recipient's language) or the admin's text. */
async function itemsOf(tx: TDbOrTx, requestIds: number[]): Promise<TMailItem[]> {
  const rows = await tx
    .select({ documentTypeId: documentTypes.id, name: documentTypes.name, text: documentRequests.text })
    .from(documentRequests)
    .leftJoin(documentTypes, eq(documentTypes.id, documentRequests.documentTypeId))
    .where(inArray(documentRequests.id, requestIds))
    .orderBy(asc(documentRequests.id));
  return rows.map((r) =>
    r.documentTypeId !== null && r.name !== null
      ? { documentTypeId: r.documentTypeId, name: r.name }
      : (r.text ?? ''),
  );
}

/**
 * Queues the mails of one transaction's changes, one per recipient and event (issue 20 item 6):
 * a confirm's courses of one student in one "received" mail naming each; a move to
 * documentsRequested in one mail with the list and the move's message (not a status mail as well).
 * However many changes: one read of their names, one of the recipients, one insert (and a read of
 * each request's items). Returns how many were queued.
 */
export async function enqueueChangeMails(
  tx: TDbOrTx,
  changes: readonly TApplicationChange[],
): Promise<number> {
  const asked = new Set(changes.flatMap((c) => (c.kind === 'documentsRequested' ? [c.studentCourseId] : [])));
  const mailed = changes.filter(
    (c) =>
      c.kind === 'documentsRequested' ||
      c.kind === 'conditionsMet' ||
      c.kind === 'offerTermsChanged' ||
      c.kind === 'intakeDeferred' ||
      (c.kind === 'statusChanged' &&
        (c.from === null || !(c.to === 'documentsRequested' && asked.has(c.studentCourseId)))),
  );
  if (mailed.length === 0) return 0;
  const names = await namesOf(
    tx,
    mailed.map((c) => c.studentCourseId),
  );
  const named = (studentCourseId: number) => names.get(studentCourseId)!;
  const mails: TServerMail[] = [];
  const received = new Map<number, number[]>();
  for (const change of mailed) {
    if (change.kind === 'documentsRequested')
      mails.push(await requestMail(tx, change, changes, named(change.studentCourseId)));
    // Issue 22: every condition of the offer met (the offer now shows as unconditional).
    else if (change.kind === 'conditionsMet')
      mails.push({
        kind: 'conditionsMet',
        studentId: change.studentId,
        params: named(change.studentCourseId),
      });
    // Issue 22, left: the offer's new terms (the answer-by date in both zones, the conditions named).
    else if (change.kind === 'offerTermsChanged')
      mails.push({
        kind: 'offerTermsChanged',
        studentId: change.studentId,
        params: {
          ...named(change.studentCourseId),
          answerBy: change.answerBy,
          ...(change.fees ? { fees: change.fees } : {}),
          conditions: change.conditions,
        },
        required: true,
      });
    // Issue 21, left: a deferral names both intakes by their start dates, with the admin's note.
    else if (change.kind === 'intakeDeferred')
      mails.push({
        kind: 'intakeDeferred',
        studentId: change.studentId,
        params: {
          ...named(change.studentCourseId),
          ...(change.fromStartDate ? { fromStartDate: change.fromStartDate } : {}),
          ...(change.toStartDate ? { toStartDate: change.toStartDate } : {}),
          ...(change.message ? { message: change.message } : {}),
        },
        required: true,
      });
    else if (change.kind !== 'statusChanged') continue;
    else if (change.from === null)
      received.set(change.studentId, [...(received.get(change.studentId) ?? []), change.studentCourseId]);
    else
      mails.push(
        checkedMail({
          kind: 'statusChanged',
          studentId: change.studentId,
          params: {
            ...named(change.studentCourseId),
            from: change.from,
            to: change.to,
            ...(change.message ? { message: change.message } : {}),
            // Issue 22, left: a move to conditionsNotMet names the conditions it found pending.
            ...(change.conditions?.length ? { conditions: change.conditions } : {}),
          },
        }),
      );
  }
  for (const [studentId, studentCourseIds] of received) {
    const courses = studentCourseIds.map(named);
    const params = { ...courses[0]!, ...(courses.length > 1 ? { courses } : {}) };
    mails.push(checkedMail({ kind: 'received', studentId, params }));
  }
  return enqueueServerMails(tx, mails);
}

/** A documents request's one mail: the list, with the message of the move that made it. */
async function requestMail(
  tx: TDbOrTx,
  change: Extract<TApplicationChange, { kind: 'documentsRequested' }>,
  changes: readonly TApplicationChange[],
  names: TNames,
): Promise<TServerMail> {
  const move = changes.find(
    (c) =>
      c.kind === 'statusChanged' &&
      c.studentCourseId === change.studentCourseId &&
      c.to === 'documentsRequested',
  );
  const message = move?.kind === 'statusChanged' ? move.message : null;
  return checkedMail({
    kind: 'documentsRequested',
    studentId: change.studentId,
    params: {
      ...names,
      items: await itemsOf(tx, change.requestIds),
      ...(message ? { message } : {}),
    },
  });
}
