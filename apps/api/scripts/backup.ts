import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { TConfig } from '../src/config.js';
import { BACKUP_LOCK } from '../src/modules/documents/repository.js';
import type { TStorage } from '../src/storage/index.js';
import { FORMAT, inside, MANIFEST, type TManifest } from './lib/manifest.js';
import {
  digestFile,
  fromLaunchDir,
  liveFiles,
  OpsError,
  openPortalDatabase,
  parseFlags,
  queryOf,
  readOpsConfig,
  rowCounts,
  runScript,
  say,
  storageFor,
  type TFileRef,
  type TQuery,
} from './lib/ops.js';
import { runPgTool } from './lib/pg-tools.js';

// npm run backup [-- --out <dir>]
//
// A consistent backup of the database and of the stored files it refers to, into one directory
// (default backups/uniapply-<UTC time>): see lib/manifest.ts for its layout. PostgreSQL: pg_dump
// of an exported snapshot, and the files that snapshot refers to, while the portal runs (file
// deletes wait until the backup is done: BACKUP_LOCK). PGlite: the embedded database is opened
// (so the portal must be stopped: it holds the data directory's lock), dumped with PGlite's
// dumpDataDir, its files copied. Written as <dir>.partial and renamed when complete.

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2), ['out']);
  const config = readOpsConfig();
  const storage = await storageFor(config);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
  const out = fromLaunchDir(flags.out ?? path.join('backups', `uniapply-${stamp}`));
  if (fs.existsSync(out)) throw new OpsError(`${out} exists already: give another --out`);
  const partial = `${out}.partial`;
  await fsp.rm(partial, { recursive: true, force: true });
  await fsp.mkdir(partial, { recursive: true });
  const t0 = Date.now();

  let manifest: TManifest;
  try {
    manifest = config.databaseUrl
      ? await fromPostgres(config, config.databaseUrl, storage, partial)
      : await fromPglite(config, storage, partial);
    await fsp.writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await fsp.rename(partial, out);
  } catch (err) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw err;
  }

  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const bytes = manifest.files.reduce((a, f) => a + f.size, 0);
  say(`backup written to ${out}`);
  say(
    `database (${manifest.database.kind}): ${Object.keys(manifest.tables).length} tables, ${rows} rows; ` +
      `files: ${manifest.files.length} (${bytes} bytes); outbox mails: ${manifest.outbox.length}; ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return 0;
}

type TSnapshot = { tables: Record<string, number>; files: TFileRef[]; outbox: string[] };

async function readSnapshot(query: TQuery): Promise<TSnapshot> {
  const outbox = await query('select outbox_file from mail_jobs where outbox_file is not null order by id');
  return {
    tables: await rowCounts(query),
    files: await liveFiles(query),
    outbox: outbox.map((r) => String(r.outbox_file)),
  };
}

async function fromPostgres(
  config: TConfig,
  url: string,
  storage: TStorage,
  dir: string,
): Promise<TManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Held until the files are copied: a file released after the snapshot is not deleted before
    // the backup has it (sweep.ts asks for this lock before deleting).
    await client.query('select pg_advisory_lock($1)', [BACKUP_LOCK]);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const query: TQuery = async (text) => (await client.query(text)).rows;
    const snap = await readSnapshot(query);
    const file = 'database.pgdump';
    // The same snapshot: the dump holds exactly the rows counted and the files listed above.
    await runPgTool('pg_dump', url, [
      '--snapshot',
      rows[0]!.snapshot,
      '--format',
      'custom',
      '--file',
      path.join(dir, file),
    ]);
    const copied = await copyFiles(config, storage, snap, dir);
    await client.query('commit');
    return {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: 'postgres', file, ...(await digestFile(path.join(dir, file))) },
      tables: snap.tables,
      ...copied,
    };
  } finally {
    await client.end();
  }
}

async function fromPglite(config: TConfig, storage: TStorage, dir: string): Promise<TManifest> {
  // Takes the data directory's lock: a running portal makes this stop with a clear message.
  const database = await openPortalDatabase(config);
  try {
    const snap = await readSnapshot(queryOf(database));
    const file = 'database.tar.gz';
    const dump = await database.dumpDataDir!();
    await fsp.writeFile(path.join(dir, file), Buffer.from(await dump.arrayBuffer()));
    const copied = await copyFiles(config, storage, snap, dir);
    return {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', file, ...(await digestFile(path.join(dir, file))) },
      tables: snap.tables,
      ...copied,
    };
  } finally {
    await database.close();
  }
}

/** Copies each stored file through its driver and each outbox mail, with their sha256. */
async function copyFiles(config: TConfig, storage: TStorage, snap: TSnapshot, dir: string) {
  const files: TManifest['files'] = [];
  const problems: string[] = [];
  for (const ref of snap.files) {
    const driver = storage.all[ref.driver];
    if (!driver)
      throw new OpsError(`file ${ref.id} is stored by '${ref.driver}', which is not configured here`);
    const body = await driver.get(ref.key);
    if (!body) {
      problems.push(`file ${ref.id} (${ref.driver}) is missing from its storage`);
      continue;
    }
    const target = inside(dir, 'files', ref.key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await pipeline(body, fs.createWriteStream(target, { flags: 'wx' }));
    const entry = await digestFile(target);
    if (entry.size !== ref.size)
      problems.push(`file ${ref.id}: ${entry.size} bytes stored, ${ref.size} recorded`);
    files.push({ id: ref.id, key: ref.key, ...entry });
  }
  const outbox: TManifest['outbox'] = [];
  for (const name of snap.outbox) {
    const source = path.join(config.mail.outboxDir, path.basename(name));
    const target = inside(dir, 'outbox', path.basename(name));
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    } catch (err) {
      problems.push(`outbox mail ${name}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      continue;
    }
    outbox.push({ name: path.basename(name), ...(await digestFile(target)) });
  }
  if (problems.length) throw new OpsError(`the backup is incomplete:\n  ${problems.join('\n  ')}`);
  return { files, outbox };
}

runScript(main);
