import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { files } from '../../src/db/schema/index.js';
import { s3Driver } from '../../src/storage/s3.js';
import { signInAs } from '../app.js';
import { download, listFiles, upload } from '../documents/helpers.js';
import { docxFile, pdfFile, pngFile } from '../documents/samples.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { appOn, persistedDatabase, runOps, type TPersisted } from './ops-helpers.js';
import { S3StandIn } from './s3-stand-in.js';

// npm run storage:migrate, local -> s3 -> local, on the files the API stored (PGlite and
// PostgreSQL): every file copied and verified, rows switched, reruns skip, a missing file fails.

let s3: S3StandIn;
let db: TPersisted;
let filesDir: string;
let env: Record<string, string>;
const stored = new Map<string, Buffer>(); // fileId -> bytes
let studentId: number;

const driverOf = async () => {
  const t = await db.open();
  try {
    const rows = await t.db.select({ id: files.id, driver: files.driver }).from(files);
    return Object.fromEntries(rows.map((r) => [r.id, r.driver]));
  } finally {
    await t.close();
  }
};

beforeAll(async () => {
  s3 = await new S3StandIn().start();
  db = await persistedDatabase('migrate');
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-migrate-files-'));
  env = { FILES_DIR: filesDir, ...s3.env() };
  const t = await appOn(db, { STORAGE: 'local', ...env });
  try {
    const who = await signInAs(t, 'migrate-student@storage.test', 'Student');
    const res = await client(t, who).post('/StudentInfo/add', studentInfoBody('Migrate'));
    studentId = (res.body as { id: number }).id;
    const uploads = [
      { route: '/Document/upload', filename: 'passport.pdf', data: pdfFile(), fields: { DocumentTypeId: 1 } },
      { route: '/Document/upload', filename: 'photo.png', data: pngFile(), fields: { DocumentTypeId: 2 } },
      { route: '/Qualification/upload', filename: 'cv.docx', data: docxFile(), fields: {} },
    ];
    for (const u of uploads) {
      const up = await upload(t, who, u.route, {
        file: { filename: u.filename, data: u.data },
        fields: u.fields,
      });
      expect(up.status).toBe(200);
      stored.set((up.body as { fileId: string }).fileId, u.data);
    }
  } finally {
    await t.close();
  }
}, 180_000);
afterAll(async () => {
  await s3?.close();
  await db?.dispose();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

const keys = () => [...stored.keys()].map((id) => `${studentId}/${id}`).sort();

// Each script run starts Node, tsx, the AWS SDK and the database: seconds each on a loaded machine.
describe('npm run storage:migrate', { timeout: 180_000 }, () => {
  it('refuses a driver that is not configured, and bad flags', async () => {
    const noS3 = await runOps('storage-migrate', ['--from', 'local', '--to', 's3'], {
      ...db.env,
      FILES_DIR: filesDir,
    });
    expect(noS3.code).toBe(1);
    expect(noS3.stderr).toMatch(/--to s3: that driver is not configured here \(configured: local\)/);
    const bad = await runOps('storage-migrate', ['--from', 'local'], { ...db.env, ...env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/usage: npm run storage:migrate/);
  });

  it('copies every file local -> s3, verified by sha256, switches the rows, and a rerun copies nothing', async () => {
    const run = await runOps('storage-migrate', ['--from', 'local', '--to', 's3'], { ...db.env, ...env });
    console.log(run.stdout);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/3 files referenced/);
    expect(run.stdout).toMatch(/copied 3, already in s3 0, already moved 0, missing 0, mismatched 0/);
    expect(s3.keys()).toEqual(keys());
    expect(Object.values(await driverOf())).toEqual(['s3', 's3', 's3']);

    const again = await runOps('storage-migrate', ['--from', 'local', '--to', 's3'], { ...db.env, ...env });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/copied 0, already in s3 0, already moved 3, missing 0, mismatched 0/);
  });

  it('serves the files from s3 once moved (the local copies gone)', async () => {
    // Keep one local copy: the way back finds it already there.
    const [kept, ...rest] = keys();
    for (const k of rest) fs.rmSync(path.join(filesDir, k));
    expect(listFiles(filesDir)).toEqual([kept]);
    const t = await appOn(db, { STORAGE: 's3', ...env });
    try {
      const who = await signInAs(t, 'migrate-student@storage.test', 'Student');
      for (const [fileId, data] of stored) {
        const res = await download(t, who, fileId);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload).toEqual(data);
      }
    } finally {
      await t.close();
    }
  });

  it('s3 -> local: fails on a file missing in the source, and a rerun finishes the rest', async () => {
    const bucket = s3Driver(readConfig({ NODE_ENV: 'test', ...env }).s3!, { warn: () => {} });
    const [kept, , lost] = keys();
    const lostBytes = stored.get(lost!.split('/')[1]!)!;
    await bucket.delete(lost!);

    const first = await runOps('storage-migrate', ['--from', 's3', '--to', 'local'], { ...db.env, ...env });
    console.log(first.stdout);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/MISSING in the source: file /);
    expect(first.stdout).toMatch(/copied 1, already in local 1, already moved 0, missing 1, mismatched 0/);
    expect(listFiles(filesDir)).toEqual([kept, keys()[1]].sort());

    // Put it back (from elsewhere) and run again: only that one is copied.
    await bucket.put(lost!, Readable.from([lostBytes]));
    const second = await runOps('storage-migrate', ['--from', 's3', '--to', 'local'], { ...db.env, ...env });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/copied 1, already in local 0, already moved 2, missing 0, mismatched 0/);
    expect(Object.values(await driverOf())).toEqual(['local', 'local', 'local']);

    // And the portal on the local disk serves them all, byte for byte.
    const t = await appOn(db, { STORAGE: 'local', FILES_DIR: filesDir });
    try {
      const who = await signInAs(t, 'migrate-student@storage.test', 'Student');
      for (const [fileId, data] of stored) expect((await download(t, who, fileId)).rawPayload).toEqual(data);
    } finally {
      await t.close();
    }
  });
});
