// @both-databases: each database has its own dump and restore
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminMovesFrom, DEFAULT_SETTINGS } from '@uniapply/shared';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOf, rowCounts } from '../../scripts/lib/ops.js';
import { files } from '../../src/db/schema/index.js';
import { signInAs, type TestApp } from '../app.js';
import { submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { testDbKind } from '../db.js';
import { download, listFiles } from '../documents/helpers.js';
import { client, seedCatalogue } from '../resources/helpers.js';
import { appOn, emptyPostgres, persistedDatabase, runOps, type TPersisted } from './ops-helpers.js';

// npm run backup and npm run restore (PGlite and PostgreSQL): data made through the API (an
// application with its uploads, status history and mails in the outbox), backed up, restored into
// an empty database and folder elsewhere; every table's row count and every stored file compared.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const temp = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-${tag}-`));

let source: TPersisted;
let sourceFiles: string;
let backups: string;
let sourceCounts: Record<string, number>;
const cleanups: (() => Promise<void> | void)[] = [];
const studentEmail = 'backup-student@storage.test';
let fileIds: string[];

/** A fresh place to restore into: an empty database (and DATA_DIR) and an empty files folder. */
async function emptyTarget(tag: string) {
  const dataDir = temp(`${tag}-data`);
  const filesDir = temp(`${tag}-files`);
  const pgTarget = testDbKind() === 'postgres' ? await emptyPostgres(tag) : null;
  cleanups.push(async () => {
    await pgTarget?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  const env = { DATA_DIR: dataDir, FILES_DIR: filesDir, ...(pgTarget ? { DATABASE_URL: pgTarget.url } : {}) };
  return {
    env,
    dataDir,
    filesDir,
    persisted: {
      ...source,
      env: { DATA_DIR: dataDir, ...(pgTarget ? { DATABASE_URL: pgTarget.url } : {}) },
      dataDir,
      open: async () => {
        const { openDatabase } = await import('../../src/db/client.js');
        return pgTarget ? openDatabase({ url: pgTarget.url, poolSize: 2 }) : openDatabase({ dataDir });
      },
    } satisfies TPersisted,
  };
}

async function countsOf(p: TPersisted) {
  const database = await p.open();
  try {
    return await rowCounts(queryOf(database));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  source = await persistedDatabase('backup');
  sourceFiles = temp('backup-files');
  backups = temp('backups');
  const t: TestApp = await appOn(source, { STORAGE: 'local', FILES_DIR: sourceFiles });
  try {
    const adminWho = await signInAs(t, 'backup-admin@storage.test', 'Admin');
    const admin = client(t, adminWho);
    const who = await signInAs(t, studentEmail, 'Student');
    const cat = await seedCatalogue(admin, 'Backup');
    const own = await submitted(t, client(t, who), who, 'Backed', [cat.universityCourseId]);
    // A status move: history rows, another mail and the student's stored notification.
    const to = adminMovesFrom('submitted').find((s) => s !== 'documentsRequested')!;
    ok(await admin.post('/ApplicationStatus/move', { studentCourseId: own.applications[0], to, version: 0 }));
    // The mails go out in outbox mode: .eml files under DATA_DIR/outbox that rows refer to.
    await t.app.mailWorker.drain();
    // A changed setting (the jobs table holds the recurring jobs every start-up keeps).
    ok(await admin.put('/Settings', { ...DEFAULT_SETTINGS, outboxRetentionDays: 30 }));
  } finally {
    await t.close();
  }
  sourceCounts = await countsOf(source);
  const database = await source.open();
  try {
    fileIds = (await database.db.select({ id: files.id }).from(files).where(isNotNull(files.studentId))).map(
      (r) => r.id,
    );
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(async () => {
  for (const c of cleanups) await c();
  await source?.dispose();
  fs.rmSync(sourceFiles, { recursive: true, force: true });
  fs.rmSync(backups, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', { timeout: 240_000 }, () => {
  let backupDir: string;

  it('made the data to back up', () => {
    console.log(`${testDbKind()}: ${fileIds.length} files, rows:`, JSON.stringify(sourceCounts));
    expect(fileIds.length).toBeGreaterThanOrEqual(5); // 3 documents, 2 certificates
    for (const table of [
      'public.application_status_history',
      'public.mail_jobs',
      'public.student_infos',
      'public.jobs',
      'public.settings',
      // Issue 18: the status move stored the student's notification.
      'public.user_notifications',
    ]) {
      expect(sourceCounts[table], table).toBeGreaterThan(0);
    }
    expect(fs.readdirSync(path.join(source.dataDir, 'outbox')).length).toBeGreaterThan(0);
  });

  it('writes a backup with the database dump, the files and a manifest of sha256 checksums', async () => {
    backupDir = path.join(backups, 'first');
    const run = await runOps('backup', ['--out', backupDir], { ...source.env, FILES_DIR: sourceFiles });
    console.log(run.stdout, run.stderr);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`files: ${fileIds.length} \\(`));
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.database.kind).toBe(testDbKind());
    expect(manifest.tables).toEqual(sourceCounts);
    expect(manifest.files.map((f: { id: string }) => f.id).sort()).toEqual([...fileIds].sort());
    for (const f of manifest.files as { key: string; sha256: string }[]) {
      expect(sha(fs.readFileSync(path.join(sourceFiles, f.key)))).toBe(f.sha256);
      expect(sha(fs.readFileSync(path.join(backupDir, 'files', f.key)))).toBe(f.sha256);
    }
    expect(manifest.outbox.length).toBe(fs.readdirSync(path.join(source.dataDir, 'outbox')).length);
    expect(fs.existsSync(`${backupDir}.partial`)).toBe(false);
  });

  it('restores into an empty database and folder: every row count, every file and mail', async () => {
    const target = await emptyTarget('restore');
    const run = await runOps('restore', ['--from', backupDir], { ...target.env, STORAGE: 'local' });
    console.log(run.stdout, run.stderr);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/every row count and checksum matches/);
    expect(await countsOf(target.persisted)).toEqual(sourceCounts);
    const keys = listFiles(target.filesDir);
    expect(keys).toEqual(listFiles(sourceFiles).filter((k) => !k.startsWith('tmp/')));
    for (const k of keys) {
      expect(sha(fs.readFileSync(path.join(target.filesDir, k)))).toBe(
        sha(fs.readFileSync(path.join(sourceFiles, k))),
      );
    }
    expect(fs.readdirSync(path.join(target.dataDir, 'outbox')).sort()).toEqual(
      fs.readdirSync(path.join(source.dataDir, 'outbox')).sort(),
    );
    // Every file reference opens through the portal on the restored data, for the same account.
    const t = await appOn(target.persisted, { STORAGE: 'local', FILES_DIR: target.filesDir });
    try {
      const who = await signInAs(t, studentEmail, 'Student');
      for (const id of fileIds) {
        const res = await download(t, who, id);
        expect(res.statusCode, id).toBe(200);
        const [key] = listFiles(sourceFiles).filter((k) => k.endsWith(id));
        expect(sha(res.rawPayload)).toBe(sha(fs.readFileSync(path.join(sourceFiles, key!))));
      }
    } finally {
      await t.close();
    }

    // The same target again is not empty any more: refused, nothing changed.
    const again = await runOps('restore', ['--from', backupDir], { ...target.env, STORAGE: 'local' });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty|already holds a database/);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const [first] = listFiles(path.join(backupDir, 'files'));
    const file = path.join(backupDir, 'files', first!);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    const target = await emptyTarget('damaged');
    const run = await runOps('restore', ['--from', backupDir], { ...target.env, STORAGE: 'local' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/the backup is damaged \(checksum differs or file missing\): file /);
    expect(listFiles(target.filesDir)).toEqual([]);
    expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
  });

  it.runIf(testDbKind() === 'pglite')(
    'will not back up an embedded database while a portal has it open',
    async () => {
      const t = await appOn(source, { STORAGE: 'local', FILES_DIR: sourceFiles });
      try {
        const run = await runOps('backup', ['--out', path.join(backups, 'busy')], {
          ...source.env,
          FILES_DIR: sourceFiles,
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/in use by another portal process/);
        expect(fs.existsSync(path.join(backups, 'busy'))).toBe(false);
        expect(fs.existsSync(path.join(backups, 'busy.partial'))).toBe(false);
      } finally {
        await t.close();
      }
    },
  );
});
