import type {
  TApplicationChange,
  TApplicationStatus,
  TApplicationStatusDetail,
  TApplicationStatusState,
} from '@uniapply/shared';
import { asc, eq } from 'drizzle-orm';
import { applicationStatuses, mailJobs } from '../../src/db/schema/index.js';
import type { TestApp } from '../app.js';
import { completeApplication, ok } from '../application-wizard/complete.js';
import { upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import type { TClient, TWho } from '../resources/helpers.js';

// Submitted applications built through the API, and short calls of the status routes.

/** A confirmed application of `c` (one per course); returns the student and its applications. */
export async function submitted(
  t: TestApp,
  c: TClient,
  who: TWho,
  marker: string,
  courseIds: readonly (number | { universityCourseId: number; intakeId: number })[],
) {
  const studentId = await completeApplication(t, c, who, marker, courseIds);
  ok(await c.post('/Stage/confirm', { studentId }));
  const states = ok<TApplicationStatusState[]>(await c.get(`/ApplicationStatus/list?studentId=${studentId}`));
  return { studentId, applications: states.map((s) => s.studentCourseId) };
}

export const detail = async (c: TClient, studentCourseId: number) =>
  c.get(`/ApplicationStatus/get?studentCourseId=${studentCourseId}`);

export const stateOf = async (c: TClient, studentCourseId: number) =>
  ok<TApplicationStatusDetail>(await detail(c, studentCourseId)).state;

/** Puts an application straight into `status` (the test's shortcut to every row of the table). */
export async function forceStatus(t: TestApp, studentCourseId: number, status: TApplicationStatus) {
  await t.database.db
    .update(applicationStatuses)
    .set({ status, version: 0 })
    .where(eq(applicationStatuses.studentCourseId, studentCourseId));
}

/** Uploads a PDF into a document request as `who`. */
export const answer = (t: TestApp, who: TWho, requestId: number | string, data = pdfFile()) =>
  upload(t, who, '/DocumentRequest/upload', {
    file: { filename: 'bank-statement.pdf', data },
    query: `requestId=${requestId}`,
  });

/** Every change the app emits after a commit, from now on. */
export function recordChanges(t: TestApp) {
  const seen: TApplicationChange[] = [];
  const listener = (changes: TApplicationChange[]) => seen.push(...changes);
  t.app.events.on('applicationsChanged', listener);
  return { seen, stop: () => t.app.events.off('applicationsChanged', listener) };
}

/** The mails queued about a student, oldest first. */
export const mailsOf = (t: TestApp, studentId: number) =>
  t.database.db
    .select({
      kind: mailJobs.kind,
      audience: mailJobs.audience,
      recipient: mailJobs.recipient,
      language: mailJobs.language,
      params: mailJobs.params,
    })
    .from(mailJobs)
    .where(eq(mailJobs.studentId, studentId))
    .orderBy(asc(mailJobs.id));
