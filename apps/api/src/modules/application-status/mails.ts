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
import { enqueueMail, type TMailItem } from '../mail/index.js';
import type { TApplicationChange } from './events.js';

// The status mails of issue 12 item 4, queued in the change's transaction (the mail module's
// durable queue sends them, each in its recipient's language): confirm's "received", every
// status change (an internal note never goes into a mail) and every document request.

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

/** Queues the mails of one change; returns how many were queued. */
export async function enqueueChangeMails(tx: TDbOrTx, change: TApplicationChange): Promise<number> {
  const { studentId } = change;
  switch (change.kind) {
    case 'statusChanged': {
      const names = await namesOf(tx, change.studentCourseId);
      if (change.from === null) return enqueueMail(tx, { kind: 'received', studentId, params: names });
      return enqueueMail(tx, {
        kind: 'statusChanged',
        studentId,
        params: {
          ...names,
          from: change.from,
          to: change.to,
          ...(change.message ? { message: change.message } : {}),
        },
      });
    }
    case 'documentsRequested': {
      const names = await namesOf(tx, change.studentCourseId);
      const items = await itemsOf(tx, change.requestIds);
      return enqueueMail(tx, { kind: 'documentsRequested', studentId, params: { ...names, items } });
    }
    case 'requestAnswered':
      return 0; // the admins see it on their screen and live; the applicant did it themselves
  }
}
