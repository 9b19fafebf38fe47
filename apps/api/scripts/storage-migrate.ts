import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { StorageDriver } from '../src/storage/driver.js';
import {
  digest,
  liveFiles,
  OpsError,
  openPortalDatabase,
  parseFlags,
  queryOf,
  readOpsConfig,
  runScript,
  say,
  storageFor,
} from './lib/ops.js';

// npm run storage:migrate -- --from local --to s3 [--dry-run]
//
// Copies every stored file the database refers to from one storage driver to another, with the
// portal's own configuration (both drivers configured: FILES_DIR, S3_*, GDRIVE_*). Each copy is read
// back from the target and compared by sha256 with the source; only then does the file's row point
// at the target (so the portal reads it from there). Resumable: a file already in the target with
// the same checksum is not copied again, rows already on the target are counted and skipped. The
// source copies stay (remove them once satisfied). Exit code 1 when any file is missing or differs.

const USAGE = 'usage: npm run storage:migrate -- --from <local|gdrive|s3> --to <local|gdrive|s3> [--dry-run]';

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2), ['from', 'to', 'dry-run']);
  if (!flags.from || !flags.to) throw new OpsError(USAGE);
  if (flags.from === flags.to) throw new OpsError('--from and --to name the same driver');
  const dryRun = flags['dry-run'] === 'true';
  const config = readOpsConfig();
  const storage = await storageFor(config);
  const from = storage.all[flags.from];
  const to = storage.all[flags.to];
  for (const [flag, driver] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!driver)
      throw new OpsError(
        `${flag} ${flags[flag.slice(2)]}: that driver is not configured here (configured: ${Object.keys(storage.all).join(', ')})`,
      );
  }
  const database = await openPortalDatabase(config);
  try {
    const query = queryOf(database);
    const refs = await liveFiles(query);
    const counts = {
      files: refs.length,
      copied: 0,
      alreadyThere: 0,
      alreadyMoved: 0,
      missing: 0,
      mismatched: 0,
    };
    say(
      `storage:migrate ${flags.from} -> ${flags.to}${dryRun ? ' (dry run)' : ''}: ${refs.length} files referenced`,
    );
    for (const ref of refs) {
      if (ref.driver === flags.to) {
        counts.alreadyMoved++;
        continue;
      }
      if (ref.driver !== flags.from) continue; // on a third driver: not this run's business
      const result = await migrateOne(from!, to!, ref.key, dryRun);
      if (result === 'missing' || result === 'mismatch') {
        if (result === 'missing') counts.missing++;
        else counts.mismatched++;
        say(`  ${result === 'missing' ? 'MISSING in the source' : 'CHECKSUM MISMATCH'}: file ${ref.id}`);
        continue;
      }
      if (result === 'present') counts.alreadyThere++;
      else counts.copied++;
      if (!dryRun) {
        // Only a row still on the source moves: one deleted or moved meanwhile is left alone.
        await database.db.execute(
          sql`update files set driver = ${flags.to} where id = ${ref.id} and driver = ${flags.from}`,
        );
      }
    }
    say(
      `copied ${counts.copied}, already in ${flags.to} ${counts.alreadyThere}, ` +
        `already moved ${counts.alreadyMoved}, missing ${counts.missing}, mismatched ${counts.mismatched}`,
    );
    return counts.missing + counts.mismatched > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

/** Copies one object unless the target has the same bytes; verifies the target by sha256. */
async function migrateOne(from: StorageDriver, to: StorageDriver, key: string, dryRun: boolean) {
  const source = await from.get(key);
  if (!source) return 'missing' as const;
  const existing = await to.stat(key);
  if (existing) {
    const [a, b] = await Promise.all([digest(source), to.get(key).then((s) => (s ? digest(s) : null))]);
    if (b && a.sha256 === b.sha256 && a.size === b.size) return 'present' as const;
    if (dryRun) return 'copied' as const;
    const again = await from.get(key);
    if (!again) return 'missing' as const;
    return copy(again, to, key);
  }
  if (dryRun) {
    source.destroy();
    return 'copied' as const;
  }
  return copy(source, to, key);
}

async function copy(source: import('node:stream').Readable, to: StorageDriver, key: string) {
  // The source's checksum is taken from the very bytes that go to the target.
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (err) => tap.destroy(err));
  await to.put(key, source.pipe(tap));
  const sent = hash.digest('hex');
  const back = await to.get(key);
  const stored = back ? await digest(back) : null;
  return stored?.sha256 === sent ? ('copied' as const) : ('mismatch' as const);
}

runScript(main);
