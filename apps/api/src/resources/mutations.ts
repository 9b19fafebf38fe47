import { and, Column, count, eq, is } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { TDb, TDbOrTx } from '../db/client.js';
import { badRequest, inUse, notFound, type TUse } from '../http/errors.js';
import type { TIdempotentWrite } from '../http/idempotency.js';

/** 'university courses' → 'universityCourses': the key the web translates. */
const camelCase = (words: string) => words.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());

import { mapDbError } from './db-errors.js';
import type { TResource, TWriteContext, TWriteVerb } from './define.js';
import { getRow, selectFrom, type TRow } from './queries.js';
import { ownsStudent, rowScope, type TActor } from './scope.js';

// Writes of the generic verbs. Each runs in one transaction; ownership and references are checked
// inside it, and constraint errors become 400/409 problems (mapDbError). Modules add their rules
// through the resource's hooks (define.ts): before and after the write inside the transaction, and
// after the commit.

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
  const values: TRow = {};
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(resource.columns, key) && !SERVER_OWNED.has(key)) values[key] = value;
  }
  if (resource.audited) {
    values.lastUpdatedBy = actor.name;
    values.lastUpdatedDate = new Date().toISOString();
  }
  return values;
}

/**
 * The resource's returned shape when it is the table's own columns (no joins, no subqueries): then
 * an insert's or update's RETURNING is the answer, and reading the row again would send a
 * statement for the same values (docs/performance.md, "Lane save21"). A shape with subqueries
 * (StudentInfo's stage and latest status) may read rows the after-write hooks change, so it is
 * read after them as before.
 */
type TColumns = Record<string, AnyPgColumn>;
const ownColumnsCache = new WeakMap<TResource, TColumns | null>();
function ownColumns(resource: TResource): TColumns | undefined {
  let columns = ownColumnsCache.get(resource);
  if (columns === undefined) {
    const plain =
      resource.selectJoins.length === 0 &&
      Object.values(resource.select).every(
        (v) => is(v, Column) && (v as AnyPgColumn).table === (resource.table as unknown),
      );
    columns = plain ? (resource.select as TColumns) : null;
    ownColumnsCache.set(resource, columns);
  }
  return columns ?? undefined;
}

/** What the engine already knows of the row an update names (it need not read it again). */
type TFound = {
  /** The row was read under the actor's scope and locked (`for update`) in this transaction. */
  locked?: boolean;
  /** Its `studentId` (a child record found under the actor's scope: a student they manage). */
  studentId?: unknown;
};

async function checkReferences(
  tx: TDbOrTx,
  resource: TResource,
  actor: TActor,
  values: TRow,
  found: TFound = {},
) {
  // A child row found under the actor's scope with this student proves the student theirs.
  const ownerProven =
    found.studentId !== undefined &&
    found.studentId !== null &&
    Number(found.studentId) === Number(values.studentId);
  if (resource.scope === 'child' && !ownerProven) {
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

/** The values the before-write hooks settle on (each may change them or refuse the write). */
async function beforeWrite(ctx: TWriteContext, tx: TDbOrTx, id: number | undefined, values: TRow) {
  let row = values;
  for (const hooks of ctx.resource.hooks) {
    if (hooks.beforeWrite) row = (await hooks.beforeWrite(ctx, row, { tx, id })) ?? row;
  }
  return row;
}

async function afterWrite(ctx: TWriteContext, tx: TDbOrTx, id: number, row: TRow) {
  for (const hooks of ctx.resource.hooks) await hooks.afterWrite?.(ctx, row, { tx, id });
}

/** Runs `work` in a transaction, then the after-commit hooks with its result (not after a rollback). */
async function committed<T extends TRow>(ctx: TWriteContext, db: TDb, work: (tx: TDbOrTx) => Promise<T>) {
  const row = await inTransaction(db, ctx.resource.label, work, ctx.verb === 'delete');
  for (const hooks of ctx.resource.hooks) await hooks.afterCommit?.(ctx, row);
  return row;
}

/** The new row's id, and the row as returned when its shape is the table's own columns. */
async function insertIn(tx: TDbOrTx, ctx: TWriteContext, input: TRow): Promise<[number, TRow | undefined]> {
  const { resource, actor } = ctx;
  let values = writableValues(resource, actor, input);
  if (resource.scope === 'owner') values.userId = actor.id;
  values = await beforeWrite(ctx, tx, undefined, values);
  await checkReferences(tx, resource, actor, values);
  const columns = ownColumns(resource);
  const [row] = (await tx
    .insert(resource.table)
    .values(values as never)
    .returning(columns ?? { id: resource.table.id })) as TRow[];
  const id = row!.id as number;
  await afterWrite(ctx, tx, id, values);
  return [id, columns ? row : undefined];
}

/** The id of a row the actor may see, locked for the rest of the transaction. */
async function lockVisible(tx: TDbOrTx, resource: TResource, actor: TActor, id: number) {
  const [row] = await selectFrom(tx, resource, { id: resource.table.id })
    .where(and(eq(resource.table.id, id), rowScope(resource, actor)))
    .for('update');
  if (!row) throw notFound(`This ${resource.label} was not found.`);
}

/** Updates row `id`; the row as returned when its shape is the table's own columns. */
async function updateIn(
  tx: TDbOrTx,
  ctx: TWriteContext,
  id: number,
  input: TRow,
  found: TFound = {},
): Promise<TRow | undefined> {
  const { resource, actor } = ctx;
  if (!found.locked) await lockVisible(tx, resource, actor, id);
  const values = await beforeWrite(ctx, tx, id, writableValues(resource, actor, input));
  await checkReferences(tx, resource, actor, values, found);
  const columns = ownColumns(resource);
  const update = tx
    .update(resource.table)
    .set(values as never)
    .where(eq(resource.table.id, id));
  let row: TRow | undefined;
  if (columns) [row] = (await update.returning(columns)) as TRow[];
  else await update;
  await afterWrite(ctx, tx, id, values);
  return row;
}

/** A transaction whose constraint errors become problems (modules' own writes use it too). */
export async function inTransaction<T>(
  db: TDb,
  label: string,
  work: (tx: TDbOrTx) => Promise<T>,
  deleting = false,
) {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (err) {
    throw mapDbError(err, label, deleting);
  }
}

const context = (
  resource: TResource,
  actor: TActor,
  verb: TWriteVerb,
  input: TRow,
  query: TRow = {},
): TWriteContext => ({ resource, actor, verb, query, input });

/** `add`; with an Idempotency-Key its claim and answer are part of the same transaction. */
export function addRow(
  db: TDb,
  resource: TResource,
  actor: TActor,
  input: TRow,
  idempotency?: TIdempotentWrite,
): Promise<TRow> {
  const ctx = context(resource, actor, 'add', input);
  return committed(ctx, db, async (tx) => {
    await idempotency?.claim(tx);
    const [id, written] = await insertIn(tx, ctx, input);
    const row = written ?? (await getRow(tx, resource, actor, id))!;
    await idempotency?.answer(tx, row);
    return row;
  });
}

export function updateRow(
  db: TDb,
  resource: TResource,
  actor: TActor,
  id: number,
  input: TRow,
): Promise<TRow> {
  const ctx = context(resource, actor, 'update', input);
  return committed(ctx, db, async (tx) => {
    const written = await updateIn(tx, ctx, id, input);
    return written ?? (await getRow(tx, resource, actor, id))!;
  });
}

export function deleteRow(db: TDb, resource: TResource, actor: TActor, id: number): Promise<{ id: number }> {
  const ctx = context(resource, actor, 'delete', { id });
  return committed(ctx, db, async (tx) => {
    await lockVisible(tx, resource, actor, id);
    await beforeWrite(ctx, tx, id, { id });
    const uses: TUse[] = [];
    for (const usage of resource.usedBy) {
      const [row] = await tx
        .select({ n: count() })
        .from(getTableOf(usage.column))
        .where(eq(usage.column, id));
      const n = Number(row?.n ?? 0);
      if (n > 0)
        uses.push({
          what: camelCase(usage.many),
          count: n,
          text: `${n} ${n === 1 ? usage.one : usage.many}`,
        });
    }
    if (uses.length) throw inUse(resource.label, uses);
    await tx.delete(resource.table).where(eq(resource.table.id, id));
    for (const hooks of resource.hooks) await hooks.afterDelete?.(ctx, { tx, id });
    return { id };
  });
}

function getTableOf(column: AnyPgColumn): PgTable {
  return (column as unknown as { table: PgTable }).table;
}

/**
 * The existing row CreateOrUpdate should update, if any: a hook's answer, else the definition's.
 * A row found by the definition's `upsertBy` is read under the actor's scope and locked in the same
 * statement, so the update need not lock it again (and a child row found with the body's student
 * proves that student the actor's).
 */
async function upsertTarget(
  tx: TDbOrTx,
  ctx: TWriteContext,
  input: TRow,
): Promise<{ id: number; found: TFound } | undefined> {
  const { resource, actor } = ctx;
  for (const hooks of resource.hooks) {
    const target = await hooks.upsertTarget?.(ctx, input, { tx, id: undefined });
    if (target !== undefined) return target === null ? undefined : { id: target, found: {} };
  }
  if (resource.upsertBy) {
    const keys = resource.upsertBy.map((k) => eq(resource.columns[k]!, input[k]));
    const [row] = await selectFrom(tx, resource, { id: resource.table.id })
      .where(and(...keys, rowScope(resource, actor)))
      .limit(1)
      .for('update');
    if (!row) return undefined;
    const byStudent = resource.scope === 'child' && resource.upsertBy.includes('studentId');
    return {
      id: row.id as number,
      found: { locked: true, studentId: byStudent ? input.studentId : undefined },
    };
  }
  return typeof input.id === 'number' ? { id: input.id, found: {} } : undefined;
}

/** `CreateOrUpdate`: updates the row the hooks or the definition name, else adds one. */
export function createOrUpdate(
  db: TDb,
  resource: TResource,
  actor: TActor,
  input: TRow,
  query: TRow,
): Promise<TRow> {
  const ctx = context(resource, actor, 'createOrUpdate', input, query);
  return committed(ctx, db, async (tx) => {
    const target = await upsertTarget(tx, ctx, input);
    let id: number;
    let written: TRow | undefined;
    if (target === undefined) [id, written] = await insertIn(tx, ctx, input);
    else {
      written = await updateIn(tx, ctx, target.id, input, target.found);
      id = target.id;
    }
    return written ?? (await getRow(tx, resource, actor, id))!;
  });
}
