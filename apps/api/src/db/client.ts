import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createPglite } from './pglite.js';
import type { TInitRequest } from './pglite-init-worker.js';
import {
  connectForMigrations,
  createPool,
  DEFAULT_DATABASE_TIMEOUTS,
  type TDatabaseTimeouts,
} from './postgres-pool.js';
import * as schema from './schema/index.js';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TDbOrTx = TDb | TTx;

export interface Database {
  db: TDb;
  /**
   * A connection of its own for short primary-key reads on every request (the catalogue version),
   * so they never queue behind long queries for the main pool's connections. The same as `db` on
   * PGlite (one connection).
   */
  quick: TDb;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  ping(): Promise<void>;
  /**
   * PGlite only: the whole data directory as a gzipped tarball (its own backup format), or as a
   * plain tarball with `'none'` (the tests' template: no gunzip when each test file loads it).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** The data directory cannot be used (its message says why and what to do). */
export class DataDirError extends Error {}
export class DataDirLockedError extends DataDirError {}

/**
 * PGlite has no lock on its data directory and two processes on it corrupt it, so we hold a lock
 * file naming our pid. It is created atomically (written aside, then hard-linked into place, which
 * fails when it exists), released on close and, as a backstop, when the process exits. A lock left
 * by a killed process is taken over: its pid is gone or belongs to something that is not Node.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(fs.realpathSync(dir), 'portal.lock');
  // A lock naming our own pid is stale (a restarted container reuses pids) unless we hold it now.
  if (heldLocks.has(lockPath)) throw new DataDirLockedError(`The data directory ${dir} is already open.`);
  const mine = `${process.pid}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const draft = `${lockPath}.${process.pid}.tmp`;
    fs.writeFileSync(draft, mine);
    try {
      fs.linkSync(draft, lockPath);
      return holdLock(lockPath, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    const holder = readLock(lockPath);
    if (holder === null) continue; // released meanwhile
    if (holder !== process.pid && isPortalProcess(holder)) throw lockedError(dir, holder);
    // Stale. Move it aside first: a rename succeeds for one contender only.
    const aside = `${lockPath}.${process.pid}.stale`;
    try {
      fs.renameSync(lockPath, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readLock(aside);
    if (moved !== holder && moved !== null && isPortalProcess(moved)) {
      // Another process took the lock between our read and our rename: give it back.
      try {
        fs.linkSync(aside, lockPath);
      } finally {
        fs.rmSync(aside, { force: true });
      }
      throw lockedError(dir, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

const heldLocks = new Set<string>();

function holdLock(lockPath: string, mine: string): () => void {
  heldLocks.add(lockPath);
  const release = () => {
    heldLocks.delete(lockPath);
    try {
      if (fs.readFileSync(lockPath, 'utf8') === mine) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}

function readLock(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

const lockedError = (dir: string, pid: number) =>
  new DataDirLockedError(
    `The data directory ${dir} is in use by another portal process (pid ${pid}). ` +
      'Stop that process first, or point DATA_DIR at another directory.',
  );

function isPortalProcess(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a container restart the old pid may belong to an unrelated process: on Linux, check.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

const warnConnectionLost = (err: Error) =>
  console.warn(
    `database connection lost (${(err as NodeJS.ErrnoException).code ?? err.message}); reconnecting when needed`,
  );

// Several API processes may start at once on one PostgreSQL (npm run cluster, a rolling restart):
// drizzle's migrator takes no lock (two at once race on its schema and table and may apply a
// migration twice), so they take turns on one connection holding this session-level lock.
const MIGRATION_LOCK = 72_240_000;

async function migrateExclusively(url: string, timeouts: TDatabaseTimeouts) {
  const client = await connectForMigrations(url, timeouts);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}

/** Opens PostgreSQL when a URL is given, else PGlite on disk (or in memory for `memory://`). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** Sees every SQL statement with its parameters (the benchmark replays them). */
  logger?: Logger;
  /** Told when an idle PostgreSQL connection is lost (default: a warning on stderr). */
  onConnectionError?: (err: Error) => void;
  /** PGlite only: start from this dump of a data directory (a restore; the directory is new). */
  loadDataDir?: Blob;
  /** PostgreSQL only: the time limits of connecting and of each query (default 5 s and 10 s). */
  timeouts?: TDatabaseTimeouts;
  /**
   * PGlite on disk only: a new data directory is also seeded while it is made (seedReferenceData,
   * or seedIfEmpty for `demo`), in the thread whose memory goes afterwards (initialiseDataDir).
   */
  seed?: 'reference' | 'demo';
}): Promise<Database> {
  if (opts.url) {
    const timeouts = opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const onError = (err: Error) => (opts.onConnectionError ?? warnConnectionLost)(err);
    await migrateExclusively(opts.url, timeouts);
    const pool = createPool(opts.url, opts.poolSize ?? 10, timeouts, onError);
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger: opts.logger }) as unknown as TDb;
    const quickPool = createPool(opts.url, 1, timeouts, onError);
    return {
      db,
      quick: drizzlePg(quickPool, { schema, casing: 'snake_case', logger: opts.logger }) as unknown as TDb,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), quickPool.end()]);
      },
      ping: async () => {
        await pool.query('select 1');
      },
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  let client: PGlite | undefined;
  try {
    if (inMemory) {
      client = await createPglite(dir, opts.loadDataDir);
    } else {
      const pgdata = path.join(dir, 'pgdata');
      if (!isInitialised(pgdata)) await initialiseDataDir(pgdata, opts);
      else if (opts.loadDataDir)
        throw new DataDirError(`${dir} already holds a database: load a dump into a new one`);
      client = await createPglite(pgdata);
    }
    const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: opts.logger }) as unknown as TDb;
    await migratePglite(db as never, { migrationsFolder });
    const opened = client;
    return {
      db,
      quick: db,
      kind: 'pglite',
      close: async () => {
        await opened.close();
        unlock();
      },
      ping: async () => {
        await opened.query('select 1');
      },
      dumpDataDir: (compression = 'gzip') => opened.dumpDataDir(compression),
    };
  } catch (err) {
    await client?.close().catch(() => {});
    unlock();
    throw err;
  }
}

/**
 * Whether PGlite's directory holds a database: PostgreSQL's PG_VERSION is in it. A directory this
 * module made is complete when it has that name (initialiseDataDir renames it into place last), so
 * the check only has to tell a made one from none. A directory by that name without PG_VERSION is
 * not ours to guess about: empty, it is made anew; holding files, it is refused.
 */
function isInitialised(pgdata: string): boolean {
  if (fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return true;
  if (!fs.existsSync(pgdata)) return false;
  if (fs.readdirSync(pgdata).length === 0) {
    fs.rmdirSync(pgdata);
    return false;
  }
  throw new DataDirError(
    `${pgdata} holds files but no database (no PG_VERSION): move it aside and start again, or restore a backup.`,
  );
}

/** Where a new data directory is made before it is renamed into place. */
export const initialisingDir = (pgdata: string) => `${pgdata}.initialising`;

/**
 * Makes a new PGlite data directory (initdb, or the load of a dump; the migrations; the first
 * seed when asked) in a worker thread, in a directory beside `pgdata`, and renames it to `pgdata`
 * once PGlite has closed it. The thread's WebAssembly memory (initdb's peak is about 500 MB, which
 * an instance never gives back) goes when it ends, so the process then opens the directory like any
 * later start (README "Memory"). A first start that crashes leaves only the directory aside, which
 * the next start removes and makes again: a half-made database never bears the name `pgdata`.
 */
async function initialiseDataDir(
  pgdata: string,
  opts: { loadDataDir?: Blob; seed?: 'reference' | 'demo' },
): Promise<void> {
  const aside = initialisingDir(pgdata);
  fs.rmSync(aside, { recursive: true, force: true });
  const dump = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined;
  const request: TInitRequest = { dir: aside, migrationsFolder, dump, seed: opts.seed };
  const compiled = import.meta.url.endsWith('.js');
  const worker = new Worker(
    new URL(compiled ? './pglite-init-worker.js' : './pglite-init-worker.mjs', import.meta.url),
    {
      workerData: request,
      transferList: dump ? [dump] : [],
      execArgv: [],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let done = false;
    worker.once('message', (msg) => {
      if (msg !== 'initialised') return;
      done = true;
      // Its work is done and PGlite closed: end it now, its memory with it.
      worker.terminate().then(() => resolve(), reject);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!done)
        reject(new Error(`making the data directory ${pgdata} failed (its thread ended with ${code})`));
    });
  });
  fs.renameSync(aside, pgdata);
  // The rename itself on disk before anything is written into the database.
  const parent = fs.openSync(path.dirname(pgdata), 'r');
  try {
    fs.fsyncSync(parent);
  } finally {
    fs.closeSync(parent);
  }
}
