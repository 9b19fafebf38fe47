import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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
  /** PGlite only: the whole data directory as a gzipped tarball (its own backup format). */
  dumpDataDir?(): Promise<Blob>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export class DataDirLockedError extends Error {}

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

/**
 * PGlite sized for a small server (README "Memory"): PostgreSQL's default 128 MB of shared buffers
 * live in the WebAssembly memory, which never shrinks, and are all touched at start; 16 MB hold the
 * portal's hot catalogue while the files stay in the operating system's page cache. V8 compiles
 * PGlite's 9 MB module with its baseline compiler only (Liftoff): the optimising tier's compile
 * memory (about 45 MB, kept by the allocator) and its CPU at start cost more than its faster code
 * gains here. The flag is read when a module is compiled, so it is set around this one compile and
 * then restored: other WebAssembly (react-pdf's layout in the PDF workers) still tiers up.
 */
async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  // Loaded only for the embedded database (not on PostgreSQL).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const options = {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  v8.setFlagsFromString('--liftoff-only');
  try {
    return await PGlite.create(dataDir, options);
  } finally {
    v8.setFlagsFromString('--no-liftoff-only');
  }
}
const PGLITE_SHARED_BUFFERS = '16MB';

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
  let client: PGlite;
  try {
    client = await createPglite(inMemory ? dir : path.join(dir, 'pgdata'), opts.loadDataDir);
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: opts.logger }) as unknown as TDb;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    quick: db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      unlock();
    },
    ping: async () => {
      await client.query('select 1');
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}
