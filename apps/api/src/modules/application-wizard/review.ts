import {
  missingBeforeStage,
  missingForConfirm,
  stageAfterSave,
  type TApplication,
  type TApplicationStatus,
  type TConfirmInput,
  type TConfirmPart,
  type TMissingCode,
  type TNotification,
} from '@uniapply/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import {
  applicationStages,
  applicationStatuses,
  courses,
  documentTypes,
  emergencyContacts,
  experiences,
  intakes,
  languageQualifications,
  notifications,
  otherInfos,
  qualifications,
  referees,
  studentCourses,
  studentDocuments,
  studentGuardians,
  studentInfos,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { TActor } from '../../resources/scope.js';
import type { ChangeCollector } from '../application-status/events.js';
import { enterSubmitted } from '../application-status/service.js';
import { checkIntakesAtConfirm } from './intake-rules.js';
import { markSave, requireStudent, setStage, stageOf, studentNotFound } from './stage.js';

// The review (GET /Review/getReview) and the confirm (POST /Stage/confirm) of DESIGN 6.

const THANK_YOU = 11 as const;

/**
 * Each part of a student's application that the confirm checks, one query each: readApplication
 * reads them all, and a save's stage (recordSavedStage) only as many as it needs.
 */
const partReaders: { [K in TConfirmPart]: (tx: TDbOrTx, studentId: number) => Promise<TConfirmInput[K]> } = {
  studentInfo: async (tx, studentId) => {
    const [studentInfo] = await tx.select().from(studentInfos).where(eq(studentInfos.id, studentId));
    if (!studentInfo) throw studentNotFound();
    return studentInfo as TConfirmInput['studentInfo'];
  },
  guardian: async (tx, studentId) => {
    const [row] = await tx.select().from(studentGuardians).where(eq(studentGuardians.studentId, studentId));
    return (row ?? null) as TConfirmInput['guardian'];
  },
  emergencyContact: async (tx, studentId) => {
    const [row] = await tx.select().from(emergencyContacts).where(eq(emergencyContacts.studentId, studentId));
    return (row ?? null) as TConfirmInput['emergencyContact'];
  },
  qualifications: (tx, studentId) =>
    tx
      .select()
      .from(qualifications)
      .where(eq(qualifications.studentId, studentId))
      .orderBy(asc(qualifications.id)) as Promise<TConfirmInput['qualifications']>,
  languages: (tx, studentId) =>
    tx
      .select()
      .from(languageQualifications)
      .where(eq(languageQualifications.studentId, studentId))
      .orderBy(asc(languageQualifications.id)) as Promise<TConfirmInput['languages']>,
  documents: (tx, studentId) => documentsOf(tx, studentId),
  otherInfo: async (tx, studentId) => {
    const [row] = await tx.select().from(otherInfos).where(eq(otherInfos.studentId, studentId));
    return (row ?? null) as TConfirmInput['otherInfo'];
  },
  courses: (tx, studentId) => selectedCourses(tx, studentId) as Promise<TConfirmInput['courses']>,
};

/** Every step's saved data of one student, as the shared ZApplication (no scope check here). */
export async function readApplication(tx: TDbOrTx, studentId: number): Promise<TApplication> {
  // One query after another: `tx` is usually a transaction, i.e. one connection, which runs one
  // query at a time anyway (pg queues the rest, and warns that queueing goes away in pg 9).
  const studentInfo = await partReaders.studentInfo(tx, studentId);
  const stage = await stageOf(tx, studentId);
  const guardian = await partReaders.guardian(tx, studentId);
  const emergencyContact = await partReaders.emergencyContact(tx, studentId);
  const quals = await partReaders.qualifications(tx, studentId);
  const langs = await partReaders.languages(tx, studentId);
  const exps = await tx
    .select()
    .from(experiences)
    .where(eq(experiences.studentId, studentId))
    .orderBy(asc(experiences.id));
  const docs = await partReaders.documents(tx, studentId);
  const otherInfo = await partReaders.otherInfo(tx, studentId);
  const refs = await tx
    .select()
    .from(referees)
    .where(eq(referees.studentId, studentId))
    .orderBy(asc(referees.id));
  const selected = await partReaders.courses(tx, studentId);
  return {
    studentId,
    stage,
    submitted: stage === THANK_YOU,
    studentInfo,
    guardian,
    emergencyContact,
    qualifications: quals,
    languages: langs,
    experiences: exps,
    documents: docs,
    otherInfo,
    referees: refs,
    courses: selected,
  } as TApplication;
}

/** The student's documents with their type's name, by type. */
function documentsOf(tx: TDbOrTx, studentId: number) {
  return tx
    .select({
      id: studentDocuments.id,
      studentId: studentDocuments.studentId,
      documentTypeId: studentDocuments.documentTypeId,
      docPath: studentDocuments.docPath,
      fileName: studentDocuments.fileName,
      documentTypeName: documentTypes.name,
    })
    .from(studentDocuments)
    .innerJoin(documentTypes, eq(documentTypes.id, studentDocuments.documentTypeId))
    .where(eq(studentDocuments.studentId, studentId))
    .orderBy(studentDocuments.documentTypeId);
}

/** The student's selected courses, with university, course and pipeline status. */
async function selectedCourses(tx: TDbOrTx, studentId: number) {
  const selected = await tx
    .select({
      id: studentCourses.id,
      universityCourseId: studentCourses.universityCourseId,
      submittedAt: studentCourses.submittedAt,
      // The pipeline's status is the one source of an application's status (issue 18 item 3);
      // a course confirmed before the pipeline existed counts as submitted (as everywhere).
      status: sql<TApplicationStatus | null>`case when ${studentCourses.submittedAt} is null then null
        else coalesce(${applicationStatuses.status}, 'submitted') end`,
      universityId: universities.id,
      universityName: universities.name,
      courseId: courses.id,
      courseName: courses.name,
      intakeId: intakes.id,
      intakeStart: intakes.startDate,
      intakeDeadline: intakes.applicationDeadline,
      intakeLateDeadline: intakes.lateDeadline,
    })
    .from(studentCourses)
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .leftJoin(intakes, eq(intakes.id, studentCourses.intakeId))
    .where(eq(studentCourses.studentId, studentId))
    .orderBy(studentCourses.id);
  return selected.map((c) => ({
    id: c.id,
    universityCourseId: c.universityCourseId,
    university: { id: c.universityId, name: c.universityName },
    course: { id: c.courseId, name: c.courseName },
    submitted: c.submittedAt !== null,
    submittedAt: c.submittedAt,
    status: c.status,
    // The intake applied to (issue 21): its deadlines as ISO instants, as the API gives them.
    intake:
      c.intakeId === null
        ? null
        : {
            id: c.intakeId,
            startDate: c.intakeStart!,
            applicationDeadline: new Date(c.intakeDeadline!).toISOString(),
            lateDeadline: c.intakeLateDeadline === null ? null : new Date(c.intakeLateDeadline).toISOString(),
          },
  }));
}

export async function reviewOf(tx: TDbOrTx, actor: TActor, studentId: number) {
  await requireStudent(tx, actor, studentId);
  return readApplication(tx, studentId);
}

export const incompleteApplication = (missing: TMissingCode[]) =>
  new AppError(
    400,
    'Bad Request',
    `The application is not complete: ${missing.join(', ')}.`,
    undefined,
    'incompleteApplication',
    { missing },
  );

export const earlierStepsMissing = (missing: TMissingCode[]) =>
  new AppError(
    400,
    'Bad Request',
    `Save the earlier steps first: ${missing.join(', ')}.`,
    undefined,
    'earlierStepsMissing',
    { missing },
  );

/**
 * Raise (Next on a step with nothing to save): the steps before the new stage must be saved and
 * valid, read in this transaction, so a request cannot skip them; a stage already reached is kept
 * without a check (it never goes down).
 */
export async function raiseStage(tx: TDbOrTx, actor: TActor, studentId: number, stage: number) {
  await requireStudent(tx, actor, studentId);
  if (stage > (await stageOf(tx, studentId))) {
    const missing = missingBeforeStage(await readApplication(tx, studentId), stage);
    if (missing.length) throw earlierStepsMissing(missing);
    await setStage(tx, studentId, stage);
  }
  return { step: await stageOf(tx, studentId) };
}

/**
 * A save's `?stage=` (CreateOrUpdate, the course list): recorded only as far as the steps before it
 * are saved, read in this transaction. A save that names a stage past an unsaved step keeps its
 * data and records the earliest unsaved step instead (the wizard opens there next time), so a
 * request cannot move the wizard past steps it never saved. A stage already reached is kept.
 */
export async function recordSavedStage(tx: TDbOrTx, studentId: number, stage: number) {
  // The save is marked and the stored stage answered in one statement (no read of the stage first).
  const stored = await markSave(tx, studentId, stage);
  // A stage already reached is kept (docs/performance.md, "Session 9").
  if (stored !== undefined && stored >= stage && stored > 0) return;
  if (stage <= 0) return;
  // Only the steps that can change the answer are read, up to the first unsaved one (the whole
  // application was 13 queries on each such save: docs/performance.md, "Wizard saves" and "Lane
  // save21"); a stage that stays where it is needs no second write.
  const reached = await stageAfterSave(stored ?? 0, stage, (part) => partReaders[part](tx, studentId));
  if (stored === undefined || reached > stored) await setStage(tx, studentId, reached);
}

/**
 * Confirm: the application read in this transaction must be complete; then stage 11, each selected
 * course not yet submitted gets `submittedAt`, and one admin notification per newly submitted
 * course, each of which enters the status pipeline as submitted (a history row by the system,
 * handed to `changes`). Each chosen intake must still take applications at `clockNow` (issue 21). The stage row is locked first, so a repeated confirm (two taps, a retry) waits for the
 * first and then finds nothing new to submit.
 */
export async function confirmApplication(
  tx: TDbOrTx,
  actor: TActor,
  studentId: number,
  changes: ChangeCollector,
  clockNow: Date,
): Promise<{ step: 11; submitted: number[]; notifications: TNotification[] }> {
  await requireStudent(tx, actor, studentId);
  await setStage(tx, studentId, 1); // a record to lock (never lowers an existing stage)
  await tx
    .select({ studentId: applicationStages.studentId })
    .from(applicationStages)
    .where(eq(applicationStages.studentId, studentId))
    .for('update');
  const application = await readApplication(tx, studentId);
  const missing = missingForConfirm(application);
  if (missing.length) throw incompleteApplication(missing);
  // Issue 21: each chosen intake's deadlines and seat cap at the app clock's now (rows locked).
  await checkIntakesAtConfirm(tx, studentId, clockNow);
  const now = new Date().toISOString();
  const newly = await tx
    .update(studentCourses)
    .set({ submittedAt: now })
    .where(and(eq(studentCourses.studentId, studentId), isNull(studentCourses.submittedAt)))
    .returning({ id: studentCourses.id, universityCourseId: studentCourses.universityCourseId });
  const ids = new Set(newly.map((c) => c.id));
  const info = application.studentInfo;
  const fullName = [info.firstName, info.middleName, info.lastName].filter(Boolean).join(' ');
  const rows = application.courses
    .filter((c) => ids.has(c.id))
    .map((c) => ({
      isNotified: false,
      notificationData: { fullName, universityName: c.university.name, courseName: c.course.name },
      // Issue 18 item 15: deleting the student deletes it (it names them).
      studentCourseId: c.id,
    }));
  const created = rows.length ? await tx.insert(notifications).values(rows).returning() : [];
  await enterSubmitted(tx, changes, [...ids]);
  await setStage(tx, studentId, THANK_YOU);
  return {
    step: THANK_YOU,
    submitted: application.courses.filter((c) => ids.has(c.id)).map((c) => c.universityCourseId),
    // For the caller to announce once the transaction has committed (the live admin bell).
    notifications: created.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
  };
}
