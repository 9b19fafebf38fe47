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
import { enqueueMail, enqueueServerMails, type TMailItem } from '../mail/index.js';
import type { TApplicationChange } from './events.js';

// The status mails of issue 12 item 4, queued in the change's transaction (the mail module's
// durable queue sends them, each in its recipient's language): confirm's "received", every
// status change (an internal note never goes into a mail) and every document request; one mail per
// recipient and event (issue 20 item 6), so they are queued once the transaction's work is done.

async function namesOf(tx: TDbOrTx, studentCourseId: number) {
  const [row] = await tx
    .select({ university: universities.name, course: courses.name })
    .from(studentCourses)
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .where(eq(studentCourses.id, studentCourseId));
  return row!;
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
 * Returns how many were queued.
 */
export async function enqueueChangeMails(
  tx: TDbOrTx,
  changes: readonly TApplicationChange[],
): Promise<number> {
  const asked = new Set(changes.flatMap((c) => (c.kind === 'documentsRequested' ? [c.studentCourseId] : [])));
  const received = new Map<number, number[]>();
  let queued = 0;
  for (const change of changes) {
    if (change.kind === 'documentsRequested') queued += await enqueueRequestMail(tx, change, changes);
    // Issue 22: every condition of the offer met (the offer now shows as unconditional).
    if (change.kind === 'conditionsMet')
      queued += await enqueueServerMails(tx, [
        {
          kind: 'conditionsMet',
          studentId: change.studentId,
          params: await namesOf(tx, change.studentCourseId),
        },
      ]);
    if (change.kind !== 'statusChanged') continue;
    if (change.from === null) {
      received.set(change.studentId, [...(received.get(change.studentId) ?? []), change.studentCourseId]);
    } else if (!(change.to === 'documentsRequested' && asked.has(change.studentCourseId))) {
      queued += await enqueueMail(tx, {
        kind: 'statusChanged',
        studentId: change.studentId,
        params: {
          ...(await namesOf(tx, change.studentCourseId)),
          from: change.from,
          to: change.to,
          ...(change.message ? { message: change.message } : {}),
        },
      });
    }
  }
  for (const [studentId, studentCourseIds] of received) {
    const courses = [];
    for (const id of studentCourseIds) courses.push(await namesOf(tx, id));
    const params = { ...courses[0]!, ...(courses.length > 1 ? { courses } : {}) };
    queued += await enqueueMail(tx, { kind: 'received', studentId, params });
  }
  return queued;
}

/** A documents request's one mail: the list, with the message of the move that made it. */
async function enqueueRequestMail(
  tx: TDbOrTx,
  change: Extract<TApplicationChange, { kind: 'documentsRequested' }>,
  changes: readonly TApplicationChange[],
) {
  const move = changes.find(
    (c) =>
      c.kind === 'statusChanged' &&
      c.studentCourseId === change.studentCourseId &&
      c.to === 'documentsRequested',
  );
  const message = move?.kind === 'statusChanged' ? move.message : null;
  return enqueueMail(tx, {
    kind: 'documentsRequested',
    studentId: change.studentId,
    params: {
      ...(await namesOf(tx, change.studentCourseId)),
      items: await itemsOf(tx, change.requestIds),
      ...(message ? { message } : {}),
    },
  });
}
