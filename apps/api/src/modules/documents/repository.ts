import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb, TDbOrTx } from '../../db/client.js';
import {
  documentRequests,
  documentTypes,
  files,
  languageQualifications,
  offers,
  qualifications,
  studentDocuments,
  studentInfos,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ownedStudentIds, type TActor } from '../../resources/scope.js';

export type TFileRow = typeof files.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Only well-formed ids reach a uuid comparison (anything else would be a PostgreSQL error). */
export const isFileId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The caller's scope on a studentId column (admins: everything). */
const scoped = (column: AnyPgColumn, actor: TActor) => {
  const owned = ownedStudentIds(actor);
  return owned ? sql`${column} in ${owned}` : undefined;
};

/**
 * The student an upload is for (DESIGN 6): `studentId` when sent; else `userName` matched to the
 * profile email among the profiles the caller manages (a student may also send their account's
 * email); else a student's own profile. Missing, foreign or ambiguous: null (a 404).
 */
export async function resolveStudent(
  db: TDbOrTx,
  actor: TActor & { email: string },
  by: { studentId?: number; userName?: string },
): Promise<number | null> {
  const mine = actor.role === 'Admin' ? undefined : eq(studentInfos.userId, actor.id);
  const one = async (...conds: (ReturnType<typeof eq> | undefined)[]) => {
    const rows = await db
      .select({ id: studentInfos.id })
      .from(studentInfos)
      .where(and(...conds))
      .limit(2);
    return rows.length === 1 ? rows[0]!.id : null;
  };
  if (by.studentId !== undefined) return one(eq(studentInfos.id, by.studentId), mine);
  if (by.userName !== undefined) {
    const name = by.userName.trim().toLowerCase();
    const byEmail = await one(sql`lower(${studentInfos.email}) = ${name}`, mine);
    if (byEmail !== null || actor.role !== 'Student') return byEmail;
    return name === actor.email.toLowerCase() ? one(eq(studentInfos.userId, actor.id)) : null;
  }
  return actor.role === 'Student' ? one(eq(studentInfos.userId, actor.id)) : null;
}

export async function documentTypeExists(db: TDbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: documentTypes.id }).from(documentTypes).where(eq(documentTypes.id, id));
  return rows.length > 0;
}

export type TUploadQuota = { maxBytes: number; maxMb: number };

export const uploadQuotaExceeded = (quota: TUploadQuota) =>
  new AppError(
    413,
    'Payload Too Large',
    `Uploads not yet saved with a record are limited to ${quota.maxMb} MB per account.`,
    undefined,
    'uploadQuota',
    { maxMb: quota.maxMb },
  );

/**
 * Adds a file's row. With `quota`, the file stays unattached until a record names it, so what its
 * uploader holds unattached is counted first (SECURITY 35), under a lock on the uploader's account
 * row: concurrent uploads of one account, in any process, are counted one after the other.
 */
export async function insertFile(
  db: TDb,
  row: typeof files.$inferInsert & { uploadedBy: number },
  quota: TUploadQuota | null = null,
): Promise<void> {
  if (!quota) {
    await db.insert(files).values(row);
    return;
  }
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.uploadedBy)).for('update');
    const [held] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(and(eq(files.uploadedBy, row.uploadedBy), isNotNull(files.studentId), ...unreferenced()));
    if (Number(held?.bytes ?? 0) + row.size > quota.maxBytes) throw uploadQuotaExceeded(quota);
    await tx.insert(files).values(row);
  });
}

/** A file the actor may read; another owner's file, a released one and a missing one look alike. */
export async function findFile(db: TDbOrTx, actor: TActor, fileId: string): Promise<TFileRow | undefined> {
  if (!isFileId(fileId)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(eq(files.id, fileId.toLowerCase()), isNotNull(files.studentId), scoped(files.studentId, actor)),
    );
  return row;
}

/** Marks files of `studentId` for removal from storage (the purge deletes them after commit). */
export async function releaseFiles(db: TDbOrTx, studentId: number, fileIds: unknown[]): Promise<string[]> {
  const ids = fileIds.filter(isFileId).map((id) => id.toLowerCase());
  if (ids.length === 0) return [];
  const rows = await db
    .update(files)
    .set({ studentId: null })
    .where(and(inArray(files.id, ids), eq(files.studentId, studentId)))
    .returning({ id: files.id });
  return rows.map((r) => r.id);
}

/**
 * The student's document of this type now points to `fileId` (one row per student and type); the
 * file it pointed to before is released. Returns the row id and the released ids.
 */
export async function saveDocument(
  db: TDb,
  doc: { studentId: number; documentTypeId: number; fileId: string; fileName: string },
): Promise<{ id: number; released: string[] }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ docPath: studentDocuments.docPath })
      .from(studentDocuments)
      .where(
        and(
          eq(studentDocuments.studentId, doc.studentId),
          eq(studentDocuments.documentTypeId, doc.documentTypeId),
        ),
      )
      .for('update');
    const [row] = await tx
      .insert(studentDocuments)
      .values({
        studentId: doc.studentId,
        documentTypeId: doc.documentTypeId,
        docPath: doc.fileId,
        fileName: doc.fileName,
      })
      .onConflictDoUpdate({
        target: [studentDocuments.studentId, studentDocuments.documentTypeId],
        set: { docPath: doc.fileId, fileName: doc.fileName },
      })
      .returning({ id: studentDocuments.id });
    const released =
      before && before.docPath !== doc.fileId ? await releaseFiles(tx, doc.studentId, [before.docPath]) : [];
    return { id: row!.id, released };
  });
}

/** Deletes a document row the actor may manage and releases its file; null when not found. */
export async function deleteDocument(db: TDb, actor: TActor, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(studentDocuments)
      .where(and(eq(studentDocuments.id, id), scoped(studentDocuments.studentId, actor)))
      .returning({ studentId: studentDocuments.studentId, docPath: studentDocuments.docPath });
    if (!row) return null;
    return releaseFiles(tx, row.studentId, [row.docPath]);
  });
}

/** Clears a qualification's certificate and transcript and releases their files; null when not found. */
export async function clearQualificationFiles(db: TDb, actor: TActor, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(qualifications)
      .where(and(eq(qualifications.id, id), scoped(qualifications.studentId, actor)))
      .for('update');
    if (!row) return null;
    await tx
      .update(qualifications)
      .set({ certFileName: null, transcriptFileName: null })
      .where(eq(qualifications.id, id));
    return releaseFiles(tx, row.studentId, [row.certFileName, row.transcriptFileName]);
  });
}

/** Clears a language qualification's certificate and releases its file; null when not found. */
export async function clearLanguageFile(db: TDb, actor: TActor, id: number): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(languageQualifications)
      .where(and(eq(languageQualifications.id, id), scoped(languageQualifications.studentId, actor)))
      .for('update');
    if (!row) return null;
    await tx
      .update(languageQualifications)
      .set({ certFileName: null })
      .where(eq(languageQualifications.id, id));
    return releaseFiles(tx, row.studentId, [row.certFileName]);
  });
}

/**
 * Releases files older than `before` that no record of their student refers to. The reference
 * tests go through each record table's studentId index.
 *
 * Safe beside record saves and other sweeps (every API process runs one): a save locks the file
 * rows it names (fileIdsOfStudent) before it refers to them. The candidates are locked here first,
 * skipping rows someone holds (a save in progress, another sweep), and tested again by a second
 * statement: under READ COMMITTED it sees every save committed before it. A single UPDATE would
 * not: it tests the references against the snapshot it started with, waits for a save's lock, and
 * then releases the file that save has just referred to.
 */
/** A file row no record of its student refers to (each test through a studentId index). */
function unreferenced() {
  const id = sql`${files.id}::text`;
  return [
    sql`not exists (select 1 from ${studentDocuments} where ${studentDocuments.studentId} = ${files.studentId}
          and lower(${studentDocuments.docPath}) = ${id})`,
    sql`not exists (select 1 from ${qualifications} where ${qualifications.studentId} = ${files.studentId}
          and (lower(${qualifications.certFileName}) = ${id} or lower(${qualifications.transcriptFileName}) = ${id}))`,
    sql`not exists (select 1 from ${languageQualifications} where ${languageQualifications.studentId} = ${files.studentId}
          and lower(${languageQualifications.certFileName}) = ${id})`,
    sql`not exists (select 1 from ${documentRequests} where ${documentRequests.fileId} = ${files.id})`,
    // An offer's stored letter (issue 22), through offers_letter_file_idx.
    sql`not exists (select 1 from ${offers} where ${offers.letterFileId} = ${files.id})`,
  ];
}

export async function releaseUnreferenced(db: TDb, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(isNotNull(files.studentId), lt(files.createdAt, before), ...unreferenced()))
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return 0;
    const rows = await tx
      .update(files)
      .set({ studentId: null })
      .where(
        and(
          inArray(
            files.id,
            candidates.map((c) => c.id),
          ),
          isNotNull(files.studentId),
          ...unreferenced(),
        ),
      )
      .returning({ id: files.id });
    return rows.length;
  });
}

/** Released files waiting to be removed from storage (`ids`: only these). */
export async function findReleased(db: TDbOrTx, limit: number, ids?: string[]): Promise<TFileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(isNull(files.studentId), ids ? inArray(files.id, ids) : undefined))
    .limit(limit);
}

/**
 * A backup holds this advisory lock (exclusively) from its database snapshot until it has copied
 * the files that snapshot references; purges meanwhile keep their rows for the next sweep.
 */
export const BACKUP_LOCK = 72_240_011;

/** False while a backup runs (its lock is held); asks without waiting. */
export async function mayPurge(db: TDbOrTx): Promise<boolean> {
  const res = await db.execute<{ free: boolean }>(
    sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK}) as free`,
  );
  return (res as unknown as { rows: { free: boolean }[] }).rows[0]?.free === true;
}

/** Deletes a released file's row; false when it was gone already (another process's sweep). */
export async function deleteReleasedRow(db: TDbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.id, id), isNull(files.studentId)))
    .returning({ id: files.id });
  return rows.length > 0;
}

/**
 * Which of `ids` are live files of `studentId`: for the check that a record's certFileName,
 * transcriptFileName or docPath names a file of the same student (DESIGN 6), once the engine's
 * before-write hooks can call it.
 */
export async function fileIdsOfStudent(
  db: TDbOrTx,
  studentId: number,
  ids: unknown[],
  lock = false,
): Promise<Set<string>> {
  const wanted = ids.filter(isFileId).map((id) => id.toLowerCase());
  if (wanted.length === 0) return new Set();
  const query = db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, wanted), eq(files.studentId, studentId)));
  // Locked: the sweep cannot release a file while a record that names it is being saved.
  const rows = lock ? await query.for('update') : await query;
  return new Set(rows.map((r) => r.id));
}

/** Every stored file of a student, locked (deleting the student releases them). */
export async function lockFilesOfStudent(db: TDbOrTx, studentId: number): Promise<string[]> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.studentId, studentId))
    .for('update');
  return rows.map((r) => r.id);
}

/** A student's document rows with their file names (`GET /Document/list`). */
export async function listDocuments(db: TDbOrTx, studentId: number) {
  return db
    .select({
      id: studentDocuments.id,
      documentTypeId: studentDocuments.documentTypeId,
      fileId: studentDocuments.docPath,
      fileName: studentDocuments.fileName,
    })
    .from(studentDocuments)
    .where(eq(studentDocuments.studentId, studentId))
    .orderBy(studentDocuments.documentTypeId);
}
