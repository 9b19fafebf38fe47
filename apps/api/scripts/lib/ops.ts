import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { ConfigError, readConfig, type TConfig } from '../../src/config.js';
import { type Database, DataDirError, openDatabase } from '../../src/db/client.js';
import { createStorage, type TStorage } from '../../src/storage/index.js';

// What the operations scripts (storage:migrate, backup, restore) share: flags, the portal's own
// configuration, database and storage drivers, checksums and row counts.

/** A failure the script explains in one line (no stack): exit code 1. */
export class OpsError extends Error {}

/** `--name value` flags; `--flag` alone is `'true'`. Unknown flags are refused. */
export function parseFlags(argv: string[], known: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new OpsError(`unexpected argument ${arg}`);
    const name = arg.slice(2);
    if (!known.includes(name)) throw new OpsError(`unknown flag --${name} (known: --${known.join(', --')})`);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags[name] = next;
      i++;
    } else flags[name] = 'true';
  }
  return flags;
}

/** Relative paths given on the command line mean what the user typed them against. */
export const fromLaunchDir = (p: string) => path.resolve(process.env.INIT_CWD || process.cwd(), p);

export const say = (line: string) => process.stdout.write(`${line}\n`);

/** Driver warnings (a failed S3 or Drive call) go to stderr, as the server's log would have them. */
const log = { warn: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) };

export function readOpsConfig(): TConfig {
  return readConfig(process.env);
}

export function storageFor(config: TConfig): Promise<TStorage> {
  return createStorage(config, log);
}

export async function openPortalDatabase(config: TConfig, loadDataDir?: Blob): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    loadDataDir,
    timeouts: config.databaseTimeouts,
  });
}

/** The sha256 and size of a stream's bytes. */
export async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

export const digestFile = (file: string) => digest(fs.createReadStream(file));

export type TQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** Runs raw SQL (no parameters) on the portal's database. */
export const queryOf =
  (database: Database): TQuery =>
  async (text) => {
    const res = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    return res.rows;
  };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table's row count, `schema.table` → rows (the system catalogues left out). */
export async function rowCounts(query: TQuery): Promise<Record<string, number>> {
  const tables = await query(
    "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await query(
      `select count(*)::int as n from ${ident(String(t.schemaname))}.${ident(String(t.tablename))}`,
    );
    counts[`${t.schemaname}.${t.tablename}`] = Number(row?.n);
  }
  return counts;
}

export type TFileRef = { id: string; driver: string; key: string; size: number };

/** The stored files the database refers to: every row that belongs to a student. */
export async function liveFiles(query: TQuery): Promise<TFileRef[]> {
  const rows = await query(
    'select id, driver, driver_key, size from files where student_id is not null order by id',
  );
  return rows.map((r) => ({
    id: String(r.id),
    driver: String(r.driver),
    key: String(r.driver_key),
    size: Number(r.size),
  }));
}

/** Runs a script's main: one line for expected failures, exit code 1 for any failure. */
export function runScript(main: () => Promise<number>) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof OpsError || err instanceof ConfigError || err instanceof DataDirError) {
        process.stderr.write(`${(err as Error).message}\n`);
      } else {
        process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
      }
      process.exit(1);
    },
  );
}
