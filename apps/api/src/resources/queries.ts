import { MAX_PAGE_SIZE, type TFilter, type TPagedResult, type TPosition } from '@uniapply/shared';
import { and, count, desc, eq, gte, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from '../db/client.js';
import { badRequest } from '../http/errors.js';
import type { TResource, TSelection } from './define.js';
import { compileFilter, type TCompiledFilter } from './filter.js';
import { ownerScoped, rowScope, type TActor } from './scope.js';

export type TRow = Record<string, unknown>;

/** The part of drizzle's dynamic select builder we use (its full generic type is unwieldy here). */
export interface TQuery extends PromiseLike<TRow[]>, SQLWrapper {
  innerJoin(table: PgTable, on: SQL): TQuery;
  where(where: SQL | undefined): TQuery;
  orderBy(...by: (AnyPgColumn | SQL)[]): TQuery;
  limit(n: number): TQuery;
  offset(n: number): TQuery;
  for(strength: 'update'): TQuery;
}

/** The resource's list order: id order, or newest first where the definition asks for it. */
const listOrder = (resource: TResource) =>
  resource.newestFirst ? desc(resource.table.id) : resource.table.id;

/** The joins `names` need, parents first (joins are declared parents first). */
function orderedJoins(resource: TResource, names: Iterable<string>): string[] {
  const need = new Set<string>();
  const add = (name: string) => {
    const join = resource.joins[name];
    if (!join) throw new Error(`${resource.base}: unknown join ${name}`);
    if (join.after) add(join.after);
    need.add(name);
  };
  for (const name of names) add(name);
  return Object.keys(resource.joins).filter((name) => need.has(name));
}

/** `select <selection> from <table>` plus exactly the joins asked for (for the returned shape). */
export function selectFrom(
  db: TDbOrTx,
  resource: TResource,
  selection: TSelection | Record<string, AnyPgColumn | SQL>,
  joins: Iterable<string> = [],
): TQuery {
  let q = db
    .select(selection as never)
    .from(resource.table)
    .$dynamic() as unknown as TQuery;
  for (const name of orderedJoins(resource, joins)) {
    const join = resource.joins[name]!;
    q = q.innerJoin(join.table, eq(join.table.id, join.via));
  }
  return q;
}

/** One row in the resource's returned shape, if the actor may see it. */
export async function getRow(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  id: number,
): Promise<TRow | undefined> {
  const [row] = await selectFrom(db, resource, resource.select, resource.selectJoins)
    .where(and(eq(resource.table.id, id), rowScope(resource, actor)))
    .limit(1);
  return row;
}

/** The ids of one page of rows matching `filter`, in list order, as a subquery (exported for EXPLAIN). */
export function pageIds(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  filter: TCompiledFilter,
  limit: number,
  offset: number,
): TQuery {
  return selectFrom(db, resource, { id: resource.table.id })
    .where(and(rowScope(resource, actor), filter.where))
    .orderBy(listOrder(resource))
    .limit(limit)
    .offset(offset);
}

/**
 * Rows matching a compiled filter, in list order, in one statement: the page of ids is found on the
 * resource's table alone (the filter reaches joined tables through semi-joins, see filter.ts), and
 * the returned shape's joins then apply to that page's rows only (a "deferred join").
 */
export async function listRows(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  filter: TCompiledFilter,
  limit: number,
  offset = 0,
): Promise<TRow[]> {
  const ids = pageIds(db, resource, actor, filter, limit, offset);
  return selectFrom(db, resource, resource.select, resource.selectJoins)
    .where(inArray(resource.table.id, ids as never))
    .orderBy(listOrder(resource));
}

/** The first matching id, in list order. */
export async function firstId(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  filter: TCompiledFilter,
): Promise<number | undefined> {
  const [row] = await pageIds(db, resource, actor, filter, 1, 0);
  return row?.id as number | undefined;
}

/** How many rows match, counted on the resource's table alone (the query; exported for EXPLAIN). */
export function countQuery(db: TDbOrTx, resource: TResource, actor: TActor, filter: TCompiledFilter): TQuery {
  return selectFrom(db, resource, { n: count() }).where(and(rowScope(resource, actor), filter.where));
}

/** How many rows match. */
export async function countRows(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  filter: TCompiledFilter,
): Promise<number> {
  // count() maps to Number: PGlite returns bigint counts as numbers, pg as strings.
  const [row] = await countQuery(db, resource, actor, filter);
  return Number(row?.n ?? 0);
}

/**
 * The client's filter on `resource` for `actor`: a field's `indexed` path where the actor sees
 * every owner's rows, its per-row form inside an owner's scope (an agent's forms filtered by status
 * 14 ms by the index, 6 ms per row: README "Status filters").
 */
export function compileResourceFilter(
  resource: TResource,
  actor: TActor,
  filter: TFilter | null | undefined,
  path = 'body',
): TCompiledFilter {
  return compileFilter(filter, resource.fields, path, { perRow: ownerScoped(resource, actor) });
}

/**
 * `getListByPage`: one zero-based page ordered by id, and the total, each in one query (sent
 * together, on two connections of the pool).
 * Exported for the list benchmark.
 */
export async function listPage(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  query: { filter?: TFilter; page: number; pageSize: number },
): Promise<TPagedResult<TRow>> {
  if (query.pageSize > MAX_PAGE_SIZE || query.pageSize < 1) {
    throw badRequest(`pageSize must be between 1 and ${MAX_PAGE_SIZE}.`, [
      { path: 'body.pageSize', message: 'validation.tooLarge' },
    ]);
  }
  const filter = compileResourceFilter(resource, actor, query.filter, 'body.filter');
  const [result, totalRows] = await Promise.all([
    listRows(db, resource, actor, filter, query.pageSize, query.page * query.pageSize),
    countRows(db, resource, actor, filter),
  ]);
  return { result, totalRows };
}

/**
 * `positionOf`: the 0-based index of row `id` in the list `getListByPage` shows for the same filter
 * (same scope, same id order: newest first for a `newestFirst` resource), and the 0-based page of
 * `pageSize` that holds it. One statement on the resource's table: the matching rows up to `id` in
 * that order, counted, and whether `id` itself is among them. A row the filter leaves out, a missing id and another owner's row are all "not in the list".
 */
export async function positionOf(
  db: TDbOrTx,
  resource: TResource,
  actor: TActor,
  query: { filter?: TFilter; pageSize: number; id: number },
): Promise<TPosition> {
  const filter = compileResourceFilter(resource, actor, query.filter, 'body.filter');
  const id = resource.table.id;
  const [row] = await selectFrom(db, resource, {
    n: count(),
    present: sql<boolean>`coalesce(bool_or(${id} = ${query.id}), false)`,
  }).where(
    and(
      rowScope(resource, actor),
      filter.where,
      resource.newestFirst ? gte(id, query.id) : lte(id, query.id),
    ),
  );
  if (!row?.present) return { index: null, page: null };
  // count() maps to Number: PGlite returns bigint counts as numbers, pg as strings.
  const index = Number(row.n) - 1;
  return { index, page: Math.floor(index / query.pageSize) };
}
