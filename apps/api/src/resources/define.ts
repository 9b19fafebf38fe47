import { getTableColumns, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TDbOrTx } from '../db/client.js';
import type { TActor } from './scope.js';

/** How a filter value is coerced before it reaches SQL (never string-built into the query). */
export type TFieldType = 'int' | 'smallint' | 'number' | 'text' | 'boolean' | 'date' | 'timestamp';

/**
 * A filter condition as a test of one value: `test(x)` is `x = $1`, `x ilike $1`, … For EQ with a
 * value, `equals` is that value (the only one that passes), so a path can leave out what it cannot
 * match without asking the database.
 */
export type TTest = ((value: AnyPgColumn | SQL) => SQL) & { equals?: string | number | boolean };

/**
 * One filterable path: a column (or SQL expression) and the join that brings it in, if any.
 * `through` is filled in by defineResource: the chain of joins from the resource's table to the
 * field's table, outermost first.
 *
 * `indexed` is a second way to the same rows for a field whose `expr` is evaluated per row (a
 * correlated subquery): given a condition's test, a condition on the resource's table that selects
 * exactly the rows whose `expr` passes it, but reaches them through an index (the status filters,
 * issue 12). The compiler uses it for every condition that no null passes (all but EQ null), so it
 * may look only at rows that have a value; `expr` stays the field's meaning (and the reference its
 * tests compare with). Inside an owner's scope (an agent's students) the per-row form is kept: a
 * few hundred rows are tested faster one by one (queries.ts compileResourceFilter).
 */
export type TField = {
  expr: AnyPgColumn | SQL;
  type: TFieldType;
  join?: string;
  through?: TJoin[];
  indexed?: (test: TTest) => SQL;
};

/**
 * A table joined on demand, many-to-one: `table.id = via`, where `via` is a not-null foreign key
 * to `table` on the resource's table, or on the join named `after` (declare parents first).
 * So every row has exactly one row of each join, which lets a filter on a joined table be a
 * semi-join on the row's own foreign key (filter.ts) with the same rows as an inner join.
 */
export type TJoin = { table: TTableWithId; via: AnyPgColumn; after?: string };

/**
 * Who reads and writes a resource (DESIGN 5):
 * - catalogue: any signed-in user reads, admins write;
 * - owner: rows carry `userId`, the managing account (StudentInfo);
 * - child: rows carry `studentId`, owned through student_infos.user_id;
 * - admin: admins only.
 */
export type TScope = 'catalogue' | 'owner' | 'child' | 'admin';

export type TSelection = { [key: string]: AnyPgColumn | SQL.Aliased | TSelection };

/** A reference that blocks deleting a row: "This course level is used by 3 courses." */
export type TUsage = { column: AnyPgColumn; one: string; many: string };

export type TTableWithId = PgTable & { id: AnyPgColumn };

export type TResourceSpec = {
  /** The base path under /api, without the slash (spec 7.2). */
  base: string;
  /** Human name used in messages ("course level"). */
  label: string;
  table: TTableWithId;
  scope: TScope;
  /** The shared zod schema of a client's entity (server-owned fields are stripped by it). */
  input: z.ZodType;
  /** The shared zod schema of what the API returns (docs and tests). */
  output: z.ZodType;
  /** The returned shape; defaults to every column of the table. */
  select?: TSelection;
  /** Joins the returned shape needs. */
  selectJoins?: string[];
  joins?: Record<string, TJoin>;
  /** Filterable paths besides the table's own columns (keys are matched case-insensitively). */
  fields?: Record<string, TField>;
  usedBy?: TUsage[];
  /** CreateOrUpdate finds the existing row by these columns (else by the body's id). */
  upsertBy?: string[];
  /** Reshapes a raw body before validation (accepts the original client's alternative shapes). */
  normalize?: (body: Record<string, unknown>) => Record<string, unknown>;
  /**
   * A condition on the resource's table that every row of the resource meets (e.g. submitted
   * courses only): rows outside it do not exist for any verb, like another owner's rows.
   */
  where?: SQL;
  /** Only the read verbs: rows are written by the server itself (e.g. the mail queue). */
  readOnly?: boolean;
  /**
   * `catalogue`: read verbs answer from the in-process catalogue cache (catalogue-cache.ts), with
   * an ETag. Only for resources whose rows do not depend on who asks (scope `catalogue`), and only
   * when every table the answers read (the table and its joins) bumps the catalogue version
   * (migration 0010; a test checks it).
   */
  cache?: 'catalogue';
  /** Lists newest first (id descending) instead of in id order: a log read from its end (the Outbox). */
  newestFirst?: boolean;
};

export type TWriteVerb = 'add' | 'update' | 'createOrUpdate' | 'delete';

/** What every hook of one write sees. */
export type TWriteContext = {
  resource: TResource;
  actor: TActor;
  verb: TWriteVerb;
  /** The write route's query string after validation (CreateOrUpdate's; empty for the others). */
  query: Record<string, unknown>;
  /**
   * The validated body as the client sent it, server-owned fields included (e.g. the
   * `lastUpdatedDate` version a client loaded); hooks read it, the engine never writes it.
   */
  input: Record<string, unknown>;
};

/** Hooks that run inside the write's transaction get it, and the row's id when there is one. */
export type TInTransaction = { tx: TDbOrTx; id: number | undefined };

/**
 * What a module adds to a resource's writes (DESIGN 7: the engine stays generic, the domain lives
 * in modules). Hooks of several modules run in the order they were added.
 */
export type TResourceHooks = {
  /**
   * CreateOrUpdate, inside the transaction: the id of the row to update, `null` to insert a new
   * one, or `undefined` to leave it to the definition (`upsertBy`, else the body's id).
   */
  upsertTarget?: (
    ctx: TWriteContext,
    input: Record<string, unknown>,
    at: TInTransaction,
  ) => Promise<number | null | undefined>;
  /**
   * Before the row is inserted or updated (or deleted: the row is `{ id }`), inside the transaction,
   * after the engine's ownership check of an update or delete: returns the values to write (or
   * undefined to keep them); throwing (an AppError) refuses the write and rolls it back.
   */
  beforeWrite?: (
    ctx: TWriteContext,
    row: Record<string, unknown>,
    at: TInTransaction,
  ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;
  /**
   * After the row is inserted or updated, inside the same transaction: `row` is what was written.
   * It must not change the row itself: when the returned shape is the table's own columns the
   * answer is the write's RETURNING, taken before these hooks (mutations.ts `ownColumns`).
   */
  afterWrite?: (
    ctx: TWriteContext,
    row: Record<string, unknown>,
    at: TInTransaction & { id: number },
  ) => Promise<void>;
  /** After the row is deleted, inside the same transaction (its cascades have run). */
  afterDelete?: (ctx: TWriteContext, at: TInTransaction & { id: number }) => Promise<void>;
  /**
   * After the transaction has committed, never after a rollback: `row` is the saved row as the
   * route returns it (`{ id }` for a delete). Its errors reach the caller although the write stands,
   * so work that may fail belongs in a job, not here.
   */
  afterCommit?: (ctx: TWriteContext, row: Record<string, unknown>) => Promise<void> | void;
};

/** A module's additions to one resource (see registry.ts). */
export type TResourceExtension = {
  hooks?: TResourceHooks;
  /** Query parameters CreateOrUpdate accepts besides the engine's own; the hooks read them. */
  query?: z.ZodObject;
  /** A sentence added to CreateOrUpdate's description in the API documentation. */
  note?: string;
};

type TOptional = 'normalize' | 'upsertBy' | 'where' | 'readOnly' | 'cache' | 'newestFirst';
export type TResource = Required<Omit<TResourceSpec, TOptional>> &
  Pick<TResourceSpec, TOptional> & {
    /** Lower-cased path → field. */
    fields: Record<string, TField>;
    /** Columns of the table by property name. */
    columns: Record<string, AnyPgColumn>;
    /** The table has lastUpdatedBy / lastUpdatedDate. */
    audited: boolean;
    /** Added by modules (registry.ts); none in a definition. */
    hooks: readonly TResourceHooks[];
    /** CreateOrUpdate's extra query parameters, from the extensions. */
    writeQuery: z.ZodObject;
    notes: readonly string[];
  };

const COLUMN_TYPES: Record<string, TFieldType> = {
  PgInteger: 'int',
  PgSerial: 'int',
  PgSmallInt: 'smallint',
  PgNumeric: 'number',
  PgNumericNumber: 'number',
  PgDoublePrecision: 'number',
  PgReal: 'number',
  PgText: 'text',
  PgVarchar: 'text',
  PgBoolean: 'boolean',
  PgDate: 'date',
  PgDateString: 'date',
  PgTimestamp: 'timestamp',
  PgTimestampString: 'timestamp',
};

/** The filter type of a column; undefined for columns that are not filterable (json). */
export function fieldTypeOf(column: AnyPgColumn): TFieldType | undefined {
  return COLUMN_TYPES[column.columnType];
}

/** A filterable path for a column, typed from the column itself. */
export function field(column: AnyPgColumn, join?: string): TField {
  const type = fieldTypeOf(column);
  if (!type) throw new Error(`Column ${column.name} cannot be filtered`);
  return { expr: column, type, ...(join ? { join } : {}) };
}

/** Every filterable column of a table under `prefix.` (e.g. all of `university.*`). */
export function fieldsOf(table: PgTable, prefix: string, join?: string): Record<string, TField> {
  const out: Record<string, TField> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (fieldTypeOf(column)) out[`${prefix}.${key}`] = field(column, join);
  }
  return out;
}

/** Fails unless `join.via` is a not-null column with a foreign key to `join.table`'s id. */
function checkJoin(base: string, name: string, join: TJoin, parent: PgTable) {
  const fail = (why: string) => {
    throw new Error(`${base}: join ${name} ${why}`);
  };
  if (!join.via.notNull) fail('must go through a not-null column');
  if (join.via.table !== parent) fail(`must go through a column of ${join.after ?? 'the resource table'}`);
  const referenced = getTableConfig(parent).foreignKeys.some((fk) => {
    const ref = fk.reference();
    return (
      ref.columns.length === 1 &&
      ref.columns[0] === join.via &&
      ref.foreignTable === join.table &&
      ref.foreignColumns[0] === join.table.id
    );
  });
  if (!referenced) fail(`needs a foreign key from ${join.via.name} to its table's id`);
}

/** The joins from the resource's table to `name`, outermost first. */
function joinChain(base: string, joins: Record<string, TJoin>, name: string): TJoin[] {
  const chain: TJoin[] = [];
  for (let at: string | undefined = name; at !== undefined; at = joins[at]!.after) {
    if (!joins[at]) throw new Error(`${base}: unknown join ${at}`);
    chain.unshift(joins[at]!);
  }
  return chain;
}

/** The resource with a module's additions (a new object: definitions are shared by every app). */
export function extendResource(resource: TResource, extension: TResourceExtension): TResource {
  return {
    ...resource,
    hooks: extension.hooks ? [...resource.hooks, extension.hooks] : resource.hooks,
    writeQuery: extension.query ? resource.writeQuery.extend(extension.query.shape) : resource.writeQuery,
    notes: extension.note ? [...resource.notes, extension.note] : resource.notes,
  };
}

/** Builds a resource from its data: the table's own columns are always filterable. */
export function defineResource(spec: TResourceSpec): TResource {
  const columns = getTableColumns(spec.table) as Record<string, AnyPgColumn>;
  if (spec.cache && spec.scope !== 'catalogue')
    throw new Error(`${spec.base}: only a catalogue-scope resource can use the catalogue cache`);
  const joins = spec.joins ?? {};
  const declared = new Set<string>();
  for (const [name, join] of Object.entries(joins)) {
    if (join.after !== undefined && !declared.has(join.after))
      throw new Error(`${spec.base}: join ${name} hangs off ${join.after}, which is not declared before it`);
    checkJoin(spec.base, name, join, join.after === undefined ? spec.table : joins[join.after]!.table);
    declared.add(name);
  }
  const fields: Record<string, TField> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (fieldTypeOf(column)) fields[key.toLowerCase()] = field(column);
  }
  for (const [path, f] of Object.entries(spec.fields ?? {})) {
    fields[path.toLowerCase()] = f.join ? { ...f, through: joinChain(spec.base, joins, f.join) } : f;
  }
  return {
    ...spec,
    select: spec.select ?? (columns as TSelection),
    selectJoins: spec.selectJoins ?? [],
    joins,
    usedBy: spec.usedBy ?? [],
    fields,
    columns,
    audited: 'lastUpdatedBy' in columns && 'lastUpdatedDate' in columns,
    hooks: [],
    writeQuery: z.object({}),
    notes: [],
  };
}
