import type {
  TApplicationForm,
  TApplicationFormInput,
  TApplicationFormRow,
  TApplicationFormUpdate,
  TFileRef,
} from '@uniapply/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { files, studentCourses, studentInfos, universityCourses } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { getRow } from '../../resources/queries.js';
import type { TActor } from '../../resources/scope.js';
import type { ChangeCollector } from '../application-status/events.js';
import { enterSubmitted } from '../application-status/service.js';
import { readApplication } from '../application-wizard/review.js';
import { applicationFormResource as resource } from './resource.js';

// The Application Form record (spec 3) and the admin's Add/Edit/Delete of DESIGN 6: they change
// only the student's course applications (student_courses), never the catalogue.

const formNotFound = () => notFound('This application form was not found.');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One row of the grid the actor may see (a submitted course of their student), else 404. */
export async function formRow(tx: TDbOrTx, actor: TActor, id: number): Promise<TApplicationFormRow> {
  const row = await getRow(tx, resource, actor, id);
  if (!row) throw formNotFound();
  return row as TApplicationFormRow;
}

/** Display names of the student's stored files, by file id. */
async function fileNames(tx: TDbOrTx, studentId: number, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await tx
    .select({ id: files.id, name: files.displayName })
    .from(files)
    .where(and(inArray(files.id, wanted), eq(files.studentId, studentId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** `GET /ApplicationForm/{id}`: the whole application behind one submitted course. */
export async function applicationFormOf(tx: TDbOrTx, actor: TActor, id: number): Promise<TApplicationForm> {
  const row = await formRow(tx, actor, id);
  const studentId = row.studentId;
  const universityCourseId = row.universityCourseId;
  // In turn: `tx` is one connection (see readApplication).
  const application = await readApplication(tx, studentId);
  const [catalogue] = await tx
    .select({
      duration: universityCourses.duration,
      price: universityCourses.price,
      currency: universityCourses.currency,
    })
    .from(universityCourses)
    .where(eq(universityCourses.id, universityCourseId));
  const names = await fileNames(tx, studentId, [
    ...application.qualifications.flatMap((q) => [q.certFileName, q.transcriptFileName]),
    ...application.languages.map((l) => l.certFileName),
    ...application.documents.map((d) => d.docPath),
  ]);
  const ref = (fileId: string | null): TFileRef | null =>
    fileId ? { fileId, name: names.get(fileId) ?? fileId } : null;
  return {
    id,
    studentCourseId: id,
    studentId,
    submittedAt: row.submittedAt,
    studentInfo: application.studentInfo,
    guardian: application.guardian,
    emergencyContact: application.emergencyContact,
    otherInfo: application.otherInfo,
    qualifications: application.qualifications.map((q) => ({
      ...q,
      certFile: ref(q.certFileName),
      transcriptFile: ref(q.transcriptFileName),
    })),
    languages: application.languages.map((l) => ({ ...l, certFile: ref(l.certFileName) })),
    experiences: application.experiences,
    referees: application.referees,
    documents: application.documents.map((d) => ({
      id: d.id,
      documentTypeId: d.documentTypeId,
      documentType: d.documentTypeName,
      fileId: d.docPath || null,
      fileName: d.fileName ?? (d.docPath ? (names.get(d.docPath) ?? null) : null),
    })),
    university: row.university,
    course: row.course,
    universityCourseId,
    intake: application.courses.find((c) => c.id === id)?.intake ?? null,
    duration: Number(catalogue?.duration ?? 0),
    price: Number(catalogue?.price ?? 0),
    currency: Number(catalogue?.currency ?? 0),
  };
}

async function requireUniversityCourse(tx: TDbOrTx, id: number) {
  const [row] = await tx
    .select({ id: universityCourses.id })
    .from(universityCourses)
    .where(eq(universityCourses.id, id));
  if (!row) {
    throw badRequest('universityCourseId: no such record.', [
      { path: 'body.universityCourseId', message: 'validation.notFound' },
    ]);
  }
}

const alreadyApplied = () => conflict('The student has already applied for this course.');

/** Add (admins): a new submitted course application for an existing student. */
export async function addApplicationForm(
  tx: TDbOrTx,
  actor: TActor,
  input: TApplicationFormInput,
  changes: ChangeCollector,
) {
  const [student] = await tx
    .select({ id: studentInfos.id })
    .from(studentInfos)
    .where(eq(studentInfos.id, input.studentId));
  if (!student) throw notFound('Student not found.');
  await requireUniversityCourse(tx, input.universityCourseId);
  const [existing] = await tx
    .select({ id: studentCourses.id, submittedAt: studentCourses.submittedAt })
    .from(studentCourses)
    .where(
      and(
        eq(studentCourses.studentId, input.studentId),
        eq(studentCourses.universityCourseId, input.universityCourseId),
      ),
    )
    .for('update');
  if (existing?.submittedAt) throw alreadyApplied();
  const submittedAt = new Date().toISOString();
  let id: number;
  if (existing) {
    // A course chosen in the wizard but never confirmed becomes the submitted application.
    await tx.update(studentCourses).set({ submittedAt }).where(eq(studentCourses.id, existing.id));
    id = existing.id;
  } else {
    const [inserted] = await tx
      .insert(studentCourses)
      .values({ ...input, submittedAt })
      .returning({ id: studentCourses.id });
    id = inserted!.id;
  }
  // The new application enters the status pipeline (issue 12) as submitted, with its mail.
  await enterSubmitted(tx, changes, [id]);
  return formRow(tx, actor, id);
}

/** Update (admins): the course of the selected application; its submission time stays. */
export async function updateApplicationForm(tx: TDbOrTx, actor: TActor, input: TApplicationFormUpdate) {
  const row = await formRow(tx, actor, input.id);
  if (row.universityCourseId === input.universityCourseId) return row;
  await requireUniversityCourse(tx, input.universityCourseId);
  const [other] = await tx
    .select({ id: studentCourses.id })
    .from(studentCourses)
    .where(
      and(
        eq(studentCourses.studentId, row.studentId),
        eq(studentCourses.universityCourseId, input.universityCourseId),
        ne(studentCourses.id, input.id),
      ),
    );
  if (other) throw alreadyApplied();
  await tx
    .update(studentCourses)
    .set({ universityCourseId: input.universityCourseId })
    .where(eq(studentCourses.id, input.id));
  return formRow(tx, actor, input.id);
}

/** Delete (admins): the course application; the student's other records stay. */
export async function deleteApplicationForm(tx: TDbOrTx, actor: TActor, id: number) {
  await formRow(tx, actor, id);
  await tx.delete(studentCourses).where(eq(studentCourses.id, id));
  return { id };
}
