import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { TDb, TDbOrTx } from '../db/client.js';
import {
  applicationStages,
  studentCourses,
  studentInfos,
  universityCourses,
  users,
} from '../db/schema/index.js';
import { badRequest, conflict, inUse, notFound } from '../http/errors.js';
import { mapDbError } from './db-errors.js';
import type { TResource } from './define.js';
import { getRow, listRows, selectFrom, type TRow } from './queries.js';
import { ownsStudent, rowScope, type TActor } from './scope.js';

// Writes of the generic verbs. Each runs in one transaction; ownership and references are checked
// inside it, and constraint errors become 400/409 problems (mapDbError).

/** Set by the server, never taken from the client (DESIGN 5). */
const SERVER_OWNED = new Set(['id', 'userId', 'lastUpdatedBy', 'lastUpdatedDate']);

type TReference = { key: string; target: AnyPgColumn; table: PgTable };
const referenceCache = new WeakMap<TResource, TReference[]>();

/** Catalogue references of a table (from its foreign keys), checked so a bad id is a 400. */
function referencesOf(resource: TResource): TReference[] {
  let refs = referenceCache.get(resource);
  if (!refs) {
    refs = [];
    for (const fk of getTableConfig(resource.table).foreignKeys) {
      const { columns, foreignColumns, foreignTable } = fk.reference();
      const key = Object.keys(resource.columns).find((k) => resource.columns[k] === columns[0]);
      // Owners are checked separately: userId is server-set, studentId is an ownership question.
      if (!key || columns.length !== 1 || key === 'userId' || key === 'studentId') continue;
      refs.push({ key, target: foreignColumns[0]!, table: foreignTable });
    }
    referenceCache.set(resource, refs);
  }
  return refs;
}

function writableValues(resource: TResource, actor: TActor, input: TRow): TRow {
  const picked: TRow = {};
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(resource.columns, key) && !SERVER_OWNED.has(key)) picked[key] = value;
  }
  const values = resource.prepare ? resource.prepare(picked) : picked;
  if (resource.audited) {
    values.lastUpdatedBy = actor.name;
    values.lastUpdatedDate = new Date().toISOString();
  }
  return values;
}

async function checkReferences(tx: TDbOrTx, resource: TResource, actor: TActor, values: TRow) {
  if (resource.scope === 'child') {
    // Another owner's student behaves exactly like a missing one.
    if (!(await ownsStudent(tx, actor, Number(values.studentId)))) throw notFound('Student not found.');
  }
  for (const ref of referencesOf(resource)) {
    const value = values[ref.key];
    if (value === null || value === undefined) continue;
    const [row] = await tx.select({ id: ref.target }).from(ref.table).where(eq(ref.target, value)).limit(1);
    if (!row) {
      throw badRequest(`${ref.key}: no such record.`, [
        { path: `body.${ref.key}`, message: 'validation.notFound' },
      ]);
    }
  }
}

async function insertIn(tx: TDbOrTx, resource: TResource, actor: TActor, input: TRow): Promise<number> {
  const values = writableValues(resource, actor, input);
  if (resource.scope === 'owner') {
    values.userId = actor.id;
    if (actor.role === 'Student') {
      // Serialise a student's concurrent adds on their user row, then allow only one profile.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
      const [existing] = await tx
        .select({ id: studentInfos.id })
        .from(studentInfos)
        .where(eq(studentInfos.userId, actor.id))
        .limit(1);
      if (existing) throw conflict('A student may hold only one student profile.');
    }
  }
  await checkReferences(tx, resource, actor, values);
  const [row] = await tx
    .insert(resource.table)
    .values(values as never)
    .returning({ id: resource.table.id });
  return row!.id as number;
}

/** The id of a row the actor may see, locked for the rest of the transaction. */
async function lockVisible(tx: TDbOrTx, resource: TResource, actor: TActor, id: number) {
  const [row] = await selectFrom(tx, resource, { id: resource.table.id })
    .where(and(eq(resource.table.id, id), rowScope(resource, actor)))
    .for('update');
  if (!row) throw notFound(`This ${resource.label} was not found.`);
}

async function updateIn(tx: TDbOrTx, resource: TResource, actor: TActor, id: number, input: TRow) {
  await lockVisible(tx, resource, actor, id);
  const values = writableValues(resource, actor, input);
  await checkReferences(tx, resource, actor, values);
  await tx
    .update(resource.table)
    .set(values as never)
    .where(eq(resource.table.id, id));
}

async function inTransaction<T>(db: TDb, label: string, work: (tx: TDbOrTx) => Promise<T>, deleting = false) {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (err) {
    throw mapDbError(err, label, deleting);
  }
}

export function addRow(db: TDb, resource: TResource, actor: TActor, input: TRow): Promise<TRow> {
  return inTransaction(db, resource.label, async (tx) => {
    const id = await insertIn(tx, resource, actor, input);
    return (await getRow(tx, resource, actor, id))!;
  });
}

export function updateRow(
  db: TDb,
  resource: TResource,
  actor: TActor,
  id: number,
  input: TRow,
): Promise<TRow> {
  return inTransaction(db, resource.label, async (tx) => {
    await updateIn(tx, resource, actor, id, input);
    return (await getRow(tx, resource, actor, id))!;
  });
}

export function deleteRow(db: TDb, resource: TResource, actor: TActor, id: number): Promise<{ id: number }> {
  return inTransaction(
    db,
    resource.label,
    async (tx) => {
      await lockVisible(tx, resource, actor, id);
      const uses: string[] = [];
      for (const usage of resource.usedBy) {
        const [row] = await tx
          .select({ n: count() })
          .from(getTableOf(usage.column))
          .where(eq(usage.column, id));
        const n = Number(row?.n ?? 0);
        if (n > 0) uses.push(`${n} ${n === 1 ? usage.one : usage.many}`);
      }
      if (uses.length) throw inUse(resource.label, uses);
      await tx.delete(resource.table).where(eq(resource.table.id, id));
      return { id };
    },
    true,
  );
}

function getTableOf(column: AnyPgColumn): PgTable {
  return (column as unknown as { table: PgTable }).table;
}

/** Records the wizard's stage; it never moves backwards (re-saving an early step keeps progress). */
export async function setStage(tx: TDbOrTx, studentId: number, stage: number) {
  await tx
    .insert(applicationStages)
    .values({ studentId, step: stage })
    .onConflictDoUpdate({
      target: applicationStages.studentId,
      set: { step: sql`greatest(${applicationStages.step}, excluded.step)` },
    });
}

/** The existing row CreateOrUpdate should update, if any. */
async function upsertTarget(
  tx: TDbOrTx,
  resource: TResource,
  actor: TActor,
  input: TRow,
  studentId: number | undefined,
): Promise<number | undefined> {
  if (resource.scope === 'owner') {
    if (studentId) return studentId;
    if (actor.role !== 'Student') return undefined;
    // A student has one profile: CreateOrUpdate without an id updates it.
    const [own] = await tx
      .select({ id: studentInfos.id })
      .from(studentInfos)
      .where(eq(studentInfos.userId, actor.id))
      .limit(1);
    return own?.id;
  }
  if (resource.upsertBy) {
    const keys = resource.upsertBy.map((k) => eq(resource.columns[k]!, input[k]));
    const [row] = await selectFrom(tx, resource, { id: resource.table.id })
      .where(and(...keys, rowScope(resource, actor)))
      .limit(1);
    return row?.id as number | undefined;
  }
  return typeof input.id === 'number' ? input.id : undefined;
}

/** `CreateOrUpdate`: upserts the entity and, for a student's records, sets the wizard stage. */
export function createOrUpdate(
  db: TDb,
  resource: TResource,
  actor: TActor,
  input: TRow,
  query: { studentId?: number; stage?: number },
): Promise<TRow> {
  return inTransaction(db, resource.label, async (tx) => {
    const target = await upsertTarget(tx, resource, actor, input, query.studentId);
    let id: number;
    if (target === undefined) id = await insertIn(tx, resource, actor, input);
    else {
      await updateIn(tx, resource, actor, target, input);
      id = target;
    }
    const studentId =
      resource.scope === 'owner' ? id : resource.scope === 'child' ? Number(input.studentId) : 0;
    if (studentId && query.stage !== undefined) await setStage(tx, studentId, query.stage);
    return (await getRow(tx, resource, actor, id))!;
  });
}

/**
 * `StudentCourse/addOrUpdateList`: the student's course selection becomes exactly `ids` (rows
 * already chosen are kept), and the stage is set, in one transaction.
 */
export function replaceStudentCourses(
  db: TDb,
  resource: TResource,
  actor: TActor,
  studentId: number,
  ids: number[],
  stage: number | undefined,
): Promise<TRow[]> {
  const wanted = [...new Set(ids)];
  return inTransaction(db, resource.label, async (tx) => {
    if (!(await ownsStudent(tx, actor, studentId))) throw notFound('Student not found.');
    const found = await tx
      .select({ id: universityCourses.id })
      .from(universityCourses)
      .where(inArray(universityCourses.id, wanted));
    const known = new Set(found.map((r) => r.id));
    const missing = ids.findIndex((id) => !known.has(id));
    if (missing >= 0) {
      throw badRequest(`University course ${ids[missing]} does not exist.`, [
        { path: `body.${missing}`, message: 'validation.notFound' },
      ]);
    }
    await tx
      .delete(studentCourses)
      .where(
        and(eq(studentCourses.studentId, studentId), notInArray(studentCourses.universityCourseId, wanted)),
      );
    await tx
      .insert(studentCourses)
      .values(wanted.map((universityCourseId) => ({ studentId, universityCourseId })))
      .onConflictDoNothing();
    if (stage !== undefined) await setStage(tx, studentId, stage);
    const filter = { where: eq(studentCourses.studentId, studentId) };
    return listRows(tx, resource, actor, filter, wanted.length);
  });
}
