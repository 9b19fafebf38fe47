import {
  APPLICATION_STATUSES,
  isFinalStatus,
  isOpenOffer,
  type TActionNeeded,
  type TApplicationStatus,
  type TApplicationStatusState,
  type TDocumentRequest,
  type TOpenDocumentRequest,
  type TPassportWhereabouts,
  type TStatusHistoryEntry,
  waitsForApplicant,
} from '@uniapply/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../../db/client.js';
import {
  applicationStatuses,
  applicationStatusHistory,
  courses,
  documentRequests,
  documentTypes,
  files,
  intakes,
  offers,
  studentCourses,
  studentInfos,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import type { TActor } from '../../resources/scope.js';

// Data access of the status pipeline. Every read of an application goes through `scopeOf`:
// admins all, everyone else only the profiles they manage (student_infos.userId).

export type TApplicationRef = { studentCourseId: number; studentId: number; ownerUserId: number };

const scopeOf = (actor: TActor): SQL | undefined =>
  actor.role === 'Admin' ? undefined : eq(studentInfos.userId, actor.id);

const refColumns = {
  studentCourseId: studentCourses.id,
  studentId: studentCourses.studentId,
  ownerUserId: studentInfos.userId,
};

/** A submitted application the actor may see; undefined for a missing one and another owner's. */
export async function findApplication(
  tx: TDbOrTx,
  actor: TActor,
  studentCourseId: number,
): Promise<TApplicationRef | undefined> {
  const [row] = await tx
    .select(refColumns)
    .from(studentCourses)
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .where(
      and(eq(studentCourses.id, studentCourseId), isNotNull(studentCourses.submittedAt), scopeOf(actor)),
    );
  return row;
}

/** The applications (submitted courses) of these student courses, unscoped (confirm's own). */
export async function applicationsOf(tx: TDbOrTx, studentCourseIds: number[]): Promise<TApplicationRef[]> {
  if (studentCourseIds.length === 0) return [];
  return tx
    .select(refColumns)
    .from(studentCourses)
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .where(inArray(studentCourses.id, studentCourseIds))
    .orderBy(asc(studentCourses.id));
}

/** Enters the pipeline as submitted; false when the application already has a status. */
export async function insertSubmitted(tx: TDbOrTx, studentCourseId: number): Promise<boolean> {
  const rows = await tx
    .insert(applicationStatuses)
    .values({ studentCourseId, status: 'submitted' })
    .onConflictDoNothing({ target: applicationStatuses.studentCourseId })
    .returning({ id: applicationStatuses.studentCourseId });
  return rows.length > 0;
}

type TStatusRow = { status: TApplicationStatus; version: number; updatedAt: string };

/**
 * The status row, locked for this transaction. An application submitted by code that does not
 * know the pipeline yet (no row) enters it as submitted here, so it can still be moved.
 */
export async function lockStatus(tx: TDbOrTx, studentCourseId: number): Promise<TStatusRow> {
  await tx
    .insert(applicationStatuses)
    .values({ studentCourseId, status: 'submitted' })
    .onConflictDoNothing({ target: applicationStatuses.studentCourseId });
  const [row] = await tx
    .select({
      status: applicationStatuses.status,
      version: applicationStatuses.version,
      updatedAt: applicationStatuses.updatedAt,
    })
    .from(applicationStatuses)
    .where(eq(applicationStatuses.studentCourseId, studentCourseId))
    .for('update');
  return row as TStatusRow;
}

export async function setStatus(tx: TDbOrTx, studentCourseId: number, status: TApplicationStatus) {
  const [row] = await tx
    .update(applicationStatuses)
    .set({ status, version: sql`${applicationStatuses.version} + 1`, updatedAt: sql`now()` })
    .where(eq(applicationStatuses.studentCourseId, studentCourseId))
    .returning({ version: applicationStatuses.version, updatedAt: applicationStatuses.updatedAt });
  return row!;
}

/**
 * Moves these applications (their rows locked by the caller) to `to` in one statement, each only
 * while its status and version are still those given; returns the ids it moved.
 */
export async function setStatuses(
  tx: TDbOrTx,
  rows: readonly { studentCourseId: number; from: TApplicationStatus; version: number }[],
  to: TApplicationStatus,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const seen = sql.join(
    rows.map((r) => sql`(${r.studentCourseId}::integer, ${r.from}::text, ${r.version}::integer)`),
    sql`, `,
  );
  const result = await tx.execute(sql`update application_statuses st
    set status = ${to}, version = st.version + 1, updated_at = now()
    from (values ${seen}) as seen(id, status, version)
    where st.student_course_id = seen.id and st.status = seen.status and st.version = seen.version
    returning st.student_course_id as "studentCourseId"`);
  return (result as unknown as { rows: { studentCourseId: number }[] }).rows.map((r) =>
    Number(r.studentCourseId),
  );
}

export type THistoryInsert = typeof applicationStatusHistory.$inferInsert;

/** The history rows of many moves in one insert; each with its id and time. */
export async function insertHistories(tx: TDbOrTx, rows: THistoryInsert[]) {
  if (rows.length === 0) return [];
  return tx.insert(applicationStatusHistory).values(rows).returning({
    id: applicationStatusHistory.id,
    at: applicationStatusHistory.at,
    studentCourseId: applicationStatusHistory.studentCourseId,
  });
}

export async function insertHistory(tx: TDbOrTx, row: THistoryInsert) {
  const [entry] = await tx
    .insert(applicationStatusHistory)
    .values(row)
    .returning({ id: applicationStatusHistory.id, at: applicationStatusHistory.at });
  return entry!;
}

/** The newest entry of an application that is neither an undo nor undone, if it is recent. */
export async function lastUndoable(tx: TDbOrTx, studentCourseId: number, windowMs: number) {
  const [row] = await tx
    .select({
      id: applicationStatusHistory.id,
      fromStatus: applicationStatusHistory.fromStatus,
      toStatus: applicationStatusHistory.toStatus,
      byUserId: applicationStatusHistory.byUserId,
      undoes: applicationStatusHistory.undoes,
      undoneAt: applicationStatusHistory.undoneAt,
      recent: sql<boolean>`${applicationStatusHistory.at} > now() - make_interval(secs => ${windowMs / 1000})`,
    })
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.studentCourseId, studentCourseId))
    .orderBy(desc(applicationStatusHistory.id))
    .limit(1);
  return row;
}

export async function markUndone(tx: TDbOrTx, historyId: number) {
  await tx
    .update(applicationStatusHistory)
    .set({ undoneAt: sql`now()` })
    .where(eq(applicationStatusHistory.id, historyId));
}

export async function stateOf(tx: TDbOrTx, app: TApplicationRef): Promise<TApplicationStatusState> {
  const [row] = await tx
    .select({
      status: applicationStatuses.status,
      version: applicationStatuses.version,
      updatedAt: applicationStatuses.updatedAt,
      passportWhereabouts: applicationStatuses.passportWhereabouts,
    })
    .from(applicationStatuses)
    .where(eq(applicationStatuses.studentCourseId, app.studentCourseId));
  return {
    studentCourseId: app.studentCourseId,
    studentId: app.studentId,
    // Not in the pipeline yet (see lockStatus): it is submitted.
    status: (row?.status ?? 'submitted') as TApplicationStatus,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt ?? '',
    passportWhereabouts: (row?.passportWhereabouts ?? 'withApplicant') as TPassportWhereabouts,
  };
}

/** The states of every application of the students the actor may see (`studentId`: one). */
export async function listStates(
  tx: TDbOrTx,
  actor: TActor,
  filter: { studentId?: number; status?: TApplicationStatus },
): Promise<TApplicationStatusState[]> {
  const rows = await tx
    .select({
      studentCourseId: studentCourses.id,
      studentId: studentCourses.studentId,
      status: sql<TApplicationStatus>`coalesce(${applicationStatuses.status}, 'submitted')`,
      version: sql<number>`coalesce(${applicationStatuses.version}, 0)`.mapWith(Number),
      updatedAt: sql<string>`coalesce(${applicationStatuses.updatedAt}, ${studentCourses.submittedAt})::text`,
      passportWhereabouts: sql<TPassportWhereabouts>`coalesce(${applicationStatuses.passportWhereabouts}, 'withApplicant')`,
    })
    .from(studentCourses)
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .where(
      and(
        isNotNull(studentCourses.submittedAt),
        scopeOf(actor),
        filter.studentId === undefined ? undefined : eq(studentCourses.studentId, filter.studentId),
        filter.status === undefined
          ? undefined
          : sql`coalesce(${applicationStatuses.status}, 'submitted') = ${filter.status}`,
      ),
    )
    .orderBy(asc(studentCourses.id))
    .limit(1000);
  return rows;
}

/**
 * An application's names joined to a query over `student_courses`: its student, and its course
 * and university through the offering (every named list of the pipeline reads them so).
 */
export function withNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId));
}

/** The statuses that wait for the applicant side (the shared rule), for SQL. */
const WAITING_FOR_APPLICANT = APPLICATION_STATUSES.filter(waitsForApplicant);

/**
 * Issue 22: the applications the actor may see that wait for the applicant side, named (student,
 * course, university) with an open offer's answer-by date: the dashboards' "Action needed".
 */
export async function listActionNeeded(tx: TDbOrTx, actor: TActor): Promise<TActionNeeded[]> {
  const query = tx
    .select({
      studentCourseId: studentCourses.id,
      studentId: studentCourses.studentId,
      status: sql<TApplicationStatus>`${applicationStatuses.status}`,
      studentName: sql<string>`trim(concat_ws(' ', ${studentInfos.firstName}, ${studentInfos.lastName}))`,
      course: courses.name,
      university: universities.name,
      answerBy: offers.answerBy,
    })
    .from(applicationStatuses)
    .innerJoin(studentCourses, eq(studentCourses.id, applicationStatuses.studentCourseId))
    .$dynamic();
  const rows = await withNames(query)
    .leftJoin(offers, and(eq(offers.studentCourseId, studentCourses.id), isNull(offers.answeredAt)))
    .where(and(scopeOf(actor), inArray(applicationStatuses.status, WAITING_FOR_APPLICANT)))
    .orderBy(asc(studentCourses.id))
    .limit(OPEN_REQUESTS_MAX);
  return rows.map((r) => ({
    ...r,
    answerBy: r.answerBy !== null && isOpenOffer(r.status) ? new Date(r.answerBy).toISOString() : null,
  }));
}

/** The history, oldest first; `applicant`: internal notes are left out (never sent). */
const fromIntake = alias(intakes, 'from_intake');
const toIntake = alias(intakes, 'to_intake');

export async function listHistory(
  tx: TDbOrTx,
  studentCourseId: number,
  applicant: boolean,
): Promise<TStatusHistoryEntry[]> {
  const h = applicationStatusHistory;
  const rows = await tx
    .select({
      id: h.id,
      studentCourseId: h.studentCourseId,
      from: h.fromStatus,
      to: h.toStatus,
      byUserId: h.byUserId,
      byName: h.byName,
      at: h.at,
      message: applicant
        ? sql<string | null>`case when ${h.internal} then null else ${h.message} end`
        : h.message,
      internal: applicant ? sql<boolean>`false` : h.internal,
      undoes: h.undoes,
      undone: sql<boolean>`${h.undoneAt} is not null`,
      deferred: sql<boolean>`${h.fromStatus} = ${h.toStatus} and not ${h.offerTerms}`,
      offerTerms: h.offerTerms,
      fromStartDate: fromIntake.startDate,
      toStartDate: toIntake.startDate,
    })
    .from(h)
    .leftJoin(fromIntake, eq(fromIntake.id, h.fromIntakeId))
    .leftJoin(toIntake, eq(toIntake.id, h.toIntakeId))
    .where(eq(h.studentCourseId, studentCourseId))
    .orderBy(asc(h.id));
  return rows.map(({ deferred, fromStartDate, toStartDate, offerTerms, ...entry }) => ({
    ...entry,
    ...(offerTerms ? { offerTerms } : {}),
    deferral: deferred ? { fromStartDate, toStartDate } : null,
  })) as TStatusHistoryEntry[];
}

const requestColumns = {
  id: documentRequests.id,
  studentCourseId: documentRequests.studentCourseId,
  documentTypeId: documentRequests.documentTypeId,
  documentTypeName: documentTypes.name,
  text: documentRequests.text,
  createdBy: documentRequests.createdBy,
  createdAt: documentRequests.createdAt,
  fileId: documentRequests.fileId,
  fileName: files.displayName,
  answeredAt: documentRequests.answeredAt,
};

/** Document requests of applications the actor may see, oldest first. */
export async function listRequests(
  tx: TDbOrTx,
  actor: TActor,
  filter: { studentCourseId?: number; studentId?: number; open?: boolean },
): Promise<TDocumentRequest[]> {
  return tx
    .select(requestColumns)
    .from(documentRequests)
    .innerJoin(studentCourses, eq(studentCourses.id, documentRequests.studentCourseId))
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .leftJoin(documentTypes, eq(documentTypes.id, documentRequests.documentTypeId))
    .leftJoin(files, eq(files.id, documentRequests.fileId))
    .where(
      and(
        scopeOf(actor),
        filter.studentCourseId === undefined
          ? undefined
          : eq(documentRequests.studentCourseId, filter.studentCourseId),
        filter.studentId === undefined ? undefined : eq(studentCourses.studentId, filter.studentId),
        filter.open === undefined
          ? undefined
          : filter.open
            ? isNull(documentRequests.fileId)
            : isNotNull(documentRequests.fileId),
      ),
    )
    .orderBy(asc(documentRequests.id))
    .limit(1000);
}

const FINAL_STATUSES = APPLICATION_STATUSES.filter(isFinalStatus);
export const OPEN_REQUESTS_MAX = 500;

/**
 * The unanswered requests of the applications the actor may see, waiting longest first, with the
 * student and the course (the agent's home). Applications that reached a final status (withdrawn,
 * rejected, enrolled) are left out: nobody waits for an answer there any more.
 */
export async function listOpenRequests(tx: TDbOrTx, actor: TActor): Promise<TOpenDocumentRequest[]> {
  const query = tx
    .select({
      id: documentRequests.id,
      studentCourseId: documentRequests.studentCourseId,
      documentTypeId: documentRequests.documentTypeId,
      documentTypeName: documentTypes.name,
      text: documentRequests.text,
      createdAt: documentRequests.createdAt,
      studentId: studentInfos.id,
      firstName: studentInfos.firstName,
      lastName: studentInfos.lastName,
      courseName: courses.name,
      universityName: universities.name,
    })
    .from(documentRequests)
    .innerJoin(studentCourses, eq(studentCourses.id, documentRequests.studentCourseId))
    .$dynamic();
  return withNames(query)
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .leftJoin(documentTypes, eq(documentTypes.id, documentRequests.documentTypeId))
    .where(
      and(
        scopeOf(actor),
        isNull(documentRequests.fileId),
        sql`coalesce(${applicationStatuses.status}, 'submitted') not in ${FINAL_STATUSES}`,
      ),
    )
    .orderBy(asc(documentRequests.createdAt), asc(documentRequests.id))
    .limit(OPEN_REQUESTS_MAX);
}

/** One request the actor may see, with its application; undefined like a missing one. */
export async function findRequest(tx: TDbOrTx, actor: TActor, requestId: number) {
  const [row] = await tx
    .select({ ...refColumns, requestId: documentRequests.id, fileId: documentRequests.fileId })
    .from(documentRequests)
    .innerJoin(studentCourses, eq(studentCourses.id, documentRequests.studentCourseId))
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .where(and(eq(documentRequests.id, requestId), scopeOf(actor)));
  return row;
}

export async function insertRequests(
  tx: TDbOrTx,
  rows: (typeof documentRequests.$inferInsert)[],
): Promise<number[]> {
  const inserted = await tx.insert(documentRequests).values(rows).returning({ id: documentRequests.id });
  return inserted.map((r) => r.id);
}

/** Attaches the answer; returns the file it replaces (if any). The row is locked first. */
export async function answerRequestRow(tx: TDbOrTx, requestId: number, fileId: string) {
  const [before] = await tx
    .select({ fileId: documentRequests.fileId })
    .from(documentRequests)
    .where(eq(documentRequests.id, requestId))
    .for('update');
  await tx
    .update(documentRequests)
    .set({ fileId, answeredAt: sql`now()` })
    .where(eq(documentRequests.id, requestId));
  return before?.fileId ?? null;
}

export async function countOpenRequests(tx: TDbOrTx, studentCourseId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(documentRequests)
    .where(and(eq(documentRequests.studentCourseId, studentCourseId), isNull(documentRequests.fileId)));
  return row?.n ?? 0;
}

/** Unanswered requests made by a history entry are dropped when that move is undone. */
export async function dropOpenRequestsOf(tx: TDbOrTx, historyId: number): Promise<number[]> {
  const rows = await tx
    .delete(documentRequests)
    .where(and(eq(documentRequests.historyId, historyId), isNull(documentRequests.fileId)))
    .returning({ id: documentRequests.id });
  return rows.map((r) => r.id);
}

export async function documentTypesExist(tx: TDbOrTx, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const rows = await tx
    .select({ id: documentTypes.id })
    .from(documentTypes)
    .where(inArray(documentTypes.id, unique));
  return rows.length === unique.length;
}

/**
 * Issue 22 item 5: sets where the passport is; the status, its version and its time stay. Returns
 * where it was (the status row locked first, so two admins' changes each see the other's).
 */
export async function setPassportWhereabouts(
  tx: TDbOrTx,
  studentCourseId: number,
  whereabouts: TPassportWhereabouts,
): Promise<TPassportWhereabouts> {
  const [before] = await tx
    .select({ w: applicationStatuses.passportWhereabouts })
    .from(applicationStatuses)
    .where(eq(applicationStatuses.studentCourseId, studentCourseId))
    .for('update');
  await tx
    .insert(applicationStatuses)
    .values({ studentCourseId, status: 'submitted', passportWhereabouts: whereabouts })
    .onConflictDoUpdate({
      target: applicationStatuses.studentCourseId,
      set: { passportWhereabouts: whereabouts },
    });
  return (before?.w ?? 'withApplicant') as TPassportWhereabouts;
}
