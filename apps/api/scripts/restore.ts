import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/db/client.js';
import { inside, readManifest, type TManifest } from './lib/manifest.js';
import {
  digest,
  digestFile,
  fromLaunchDir,
  OpsError,
  openPortalDatabase,
  parseFlags,
  queryOf,
  readOpsConfig,
  rowCounts,
  runScript,
  say,
  storageFor,
} from './lib/ops.js';
import { runPgTool } from './lib/pg-tools.js';

// npm run restore -- --from <backup dir>
//
// Brings a backup (npm run backup) back into an EMPTY database and EMPTY file storage, with the
// portal's configuration: DATABASE_URL (a new PostgreSQL database) or DATA_DIR (PGlite), and
// STORAGE's driver for the files (local FILES_DIR or an S3 bucket; every file row then points at
// it). Checks every checksum of the backup before writing anything, refuses a target that holds
// anything, and afterwards compares every table's row count and reads every file back by sha256.
// Exit code 1 on any difference.

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2), ['from']);
  if (!flags.from) throw new OpsError('usage: npm run restore -- --from <backup directory>');
  const dir = fromLaunchDir(flags.from);
  const manifest = readManifest(dir);
  const config = readOpsConfig();
  const storage = await storageFor(config);
  const target = storage.driver;
  const t0 = Date.now();

  await verifyBackup(dir, manifest);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== manifest.database.kind)
    throw new OpsError(
      `this is a ${manifest.database.kind} backup: restore it with ${manifest.database.kind === 'postgres' ? 'DATABASE_URL set' : 'DATA_DIR and no DATABASE_URL'}`,
    );
  await refuseNonEmpty(config.databaseUrl, config.dataDir, config.mail.outboxDir);
  if (!target.isEmpty) throw new OpsError(`restore writes files to local or s3 storage, not ${target.name}`);
  if (!(await target.isEmpty()))
    throw new OpsError(
      `the ${target.name} storage (STORAGE=${config.storage}) is not empty: restore into empty storage`,
    );

  const dump = inside(dir, manifest.database.file);
  let database: Database;
  if (config.databaseUrl) {
    await runPgTool('pg_restore', config.databaseUrl, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      dump,
    ]);
    database = await openPortalDatabase(config);
  } else {
    database = await openPortalDatabase(config, new Blob([await fsp.readFile(dump)]));
  }
  const problems: string[] = [];
  try {
    for (const f of manifest.files) {
      await target.put(f.key, fs.createReadStream(inside(dir, 'files', f.key)));
      const back = await target.get(f.key);
      const stored = back ? await digest(back) : null;
      if (stored?.sha256 !== f.sha256)
        problems.push(`file ${f.id}: read back ${stored ? 'different bytes' : 'nothing'}`);
    }
    // Every file now lives in the target storage (released rows' files were not backed up: the
    // sweep's delete of a missing object succeeds, so it just drops those rows).
    await database.db.execute(sql`update files set driver = ${target.name}`);
    if (manifest.outbox.length) await fsp.mkdir(config.mail.outboxDir, { recursive: true });
    for (const m of manifest.outbox) {
      await fsp.copyFile(
        inside(dir, 'outbox', m.name),
        path.join(config.mail.outboxDir, m.name),
        fs.constants.COPYFILE_EXCL,
      );
    }
    const counts = await rowCounts(queryOf(database));
    for (const [table, rows] of Object.entries(manifest.tables)) {
      if (counts[table] !== rows)
        problems.push(`${table}: ${counts[table] ?? 'no table'} rows, the backup has ${rows}`);
    }
  } finally {
    await database.close();
  }
  if (problems.length) {
    process.stderr.write(`the restore differs from the backup:\n  ${problems.join('\n  ')}\n`);
    return 1;
  }
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  say(
    `restored ${dir} (${manifest.createdAt}): ${Object.keys(manifest.tables).length} tables, ${rows} rows, ` +
      `${manifest.files.length} files into ${target.name}, ${manifest.outbox.length} outbox mails; ` +
      `every row count and checksum matches; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return 0;
}

/** Every byte of the backup is what its manifest says, before anything is written. */
async function verifyBackup(dir: string, manifest: TManifest) {
  const entries = [
    { what: 'the database dump', ...manifest.database, file: inside(dir, manifest.database.file) },
    ...manifest.files.map((f) => ({ what: `file ${f.id}`, file: inside(dir, 'files', f.key), ...f })),
    ...manifest.outbox.map((m) => ({
      what: `outbox mail ${m.name}`,
      file: inside(dir, 'outbox', m.name),
      ...m,
    })),
  ];
  const bad: string[] = [];
  for (const e of entries) {
    const found = await digestFile(e.file).catch(() => null);
    if (!found || found.sha256 !== e.sha256 || found.size !== e.size) bad.push(e.what);
  }
  if (bad.length)
    throw new OpsError(`the backup is damaged (checksum differs or file missing): ${bad.join(', ')}`);
}

async function refuseNonEmpty(url: string | undefined, dataDir: string, outboxDir: string) {
  const nonEmptyDir = (d: string) => fs.existsSync(d) && fs.readdirSync(d).length > 0;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if (rows[0]!.n > 0) throw new OpsError('the target database is not empty: restore into a new database');
    } finally {
      await client.end();
    }
  } else if (nonEmptyDir(path.join(dataDir, 'pgdata'))) {
    throw new OpsError(`${dataDir} already holds a database: restore into an empty DATA_DIR`);
  }
  if (nonEmptyDir(outboxDir)) throw new OpsError(`${outboxDir} is not empty: restore into an empty DATA_DIR`);
}

runScript(main);
