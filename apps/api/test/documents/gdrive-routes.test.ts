import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { DriveStandIn } from './gdrive-stand-in.js';
import { download, remove, UPLOAD_MAX_MB, upload } from './helpers.js';
import { pdfFile, pngFile } from './samples.js';

// The real upload, download and delete routes with STORAGE=gdrive against the Drive stand-in,
// and the admin's root-folder check (spec 7.3 `GET /Document/find-root-folder`).

let drive: DriveStandIn;
let t: TestApp;
let filesDir: string;
let student: { headers: { cookie: string } };
let admin: { headers: { cookie: string } };
let studentId: number;

/**
 * The portal's Drive time limit while a test keeps Drive from answering: short, so the 503 comes
 * soon. Every other call runs under the product's default (20 s): the stand-in answers in this
 * process, and on a loaded machine an answer that works can take longer than 500 ms.
 */
const HANG_LIMIT_MS = 500;
const DEFAULT_LIMIT_MS = 20_000;
/** The Drive settings the running portal reads at each call. */
const driveSettings = () => t.app.config.gdrive!;
/** Drive accepts calls and never answers them (or stops a download's body after `stallAfter` bytes). */
function stopDrive(how: { stallAfter?: number } = {}) {
  driveSettings().timeoutMs = HANG_LIMIT_MS;
  if (how.stallAfter === undefined) drive.hang = true;
  else drive.stallMediaAfter = how.stallAfter;
}

beforeAll(async () => {
  drive = await new DriveStandIn().start();
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-gdrive-files-'));
  t = await createTestApp({
    STORAGE: 'gdrive',
    FILES_DIR: filesDir,
    UPLOAD_MAX_MB,
    ...drive.env({ GDRIVE_TIMEOUT_MS: String(DEFAULT_LIMIT_MS) }),
  });
  await seedReferenceData(t.database.db);
  student = await signInAs(t, 'drive-student@documents.test', 'Student');
  admin = await signInAs(t, 'drive-admin@documents.test', 'Admin');
  const res = await client(t, student).post('/StudentInfo/add', studentInfoBody('Drive'));
  studentId = (res.body as { id: number }).id;
});
afterAll(async () => {
  await t?.close();
  await drive?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});
afterEach(() => {
  drive.hang = false;
  drive.stallMediaAfter = null;
  drive.latencyMs = 0;
  driveSettings().timeoutMs = DEFAULT_LIMIT_MS;
});

const studentFolder = () => drive.folders().find((f) => f.name === String(studentId));
const leftOnDisk = () =>
  (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((p) =>
    fs.statSync(path.join(filesDir, p)).isFile(),
  );

describe('documents through Google Drive', () => {
  it('uploads into the student’s Drive folder, downloads the same bytes and deletes', async () => {
    const data = pdfFile();
    const up = await upload(t, student, '/Document/upload', {
      file: { filename: 'passport.pdf', data },
      fields: { DocumentTypeId: 1 },
    });
    expect(up.status).toBe(200);
    const { id, fileId } = up.body as { id: number; fileId: string };
    // The response carries our fileId only, never a Drive id.
    expect(JSON.stringify(up.body)).not.toMatch(new RegExp([...drive.files.keys()].join('|')));

    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ driver: 'gdrive', driverKey: `${studentId}/${fileId}`, size: data.length });
    const stored = drive.childrenOf(studentFolder()!.id);
    expect(stored.map((f) => f.name)).toEqual([fileId]);
    expect(stored[0]!.data).toEqual(data);
    expect(leftOnDisk()).toEqual([]); // nothing stays on the local disk, not even the spool file

    const before = drive.driveCalls().length;
    const back = await download(t, student, fileId);
    expect(back.statusCode).toBe(200);
    // One search for the file (the root and the folder are known by now) and the bytes.
    expect(
      drive
        .driveCalls()
        .slice(before)
        .map((c) => `${c.method} ${c.path} ${c.query.get('alt') ?? ''}`),
    ).toEqual(['GET /drive/v3/files ', `GET /drive/v3/files/${stored[0]!.id} media`]);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toContain('passport.pdf');
    expect(back.rawPayload).toEqual(data);

    expect((await remove(t, student, `/Document/delete/${id}`)).status).toBe(204);
    expect(drive.childrenOf(studentFolder()!.id)).toEqual([]);
    expect((await download(t, student, fileId)).statusCode).toBe(404);
  });

  it('stores qualification files the same way, in the same folder', async () => {
    const up = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'scan.png', data: pngFile() },
    });
    expect(up.status).toBe(200);
    const { fileId } = up.body as { fileId: string };
    expect(drive.childrenOf(studentFolder()!.id).map((f) => f.name)).toContain(fileId);
    expect(drive.folders().filter((f) => f.name === String(studentId))).toHaveLength(1);
    expect((await download(t, student, fileId)).rawPayload).toEqual(pngFile());
  });

  it('waits for a Drive that answers slowly, within the time limit', async () => {
    // 600 ms per answer: what a loaded machine can add to the stand-in's (it answers in this process).
    drive.latencyMs = 600;
    const up = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'slow.png', data: pngFile() },
    });
    expect(up.status).toBe(200);
  });

  it('answers 503 storageUnavailable (problem+json) when Drive does not answer, and keeps no row', async () => {
    stopDrive();
    const before = drive.driveCalls().length;
    const t0 = Date.now();
    const up = await upload(t, student, '/Document/upload', {
      file: { filename: 'late.pdf', data: pdfFile() },
      fields: { DocumentTypeId: 2 },
    });
    expect(Date.now() - t0).toBeLessThan(5000);
    // One time limit, not two: no clean-up call waits on the Drive that just failed.
    expect(
      drive
        .driveCalls()
        .slice(before)
        .map((c) => `${c.method} ${c.path}`),
    ).toEqual(['POST /upload/drive/v3/files']);
    expect(up.status).toBe(503);
    expect(up.res.headers['content-type']).toContain('application/problem+json');
    expect(up.body).toMatchObject({ status: 503, code: 'storageUnavailable' });
    expect(JSON.stringify(up.body)).not.toMatch(/127\.0\.0\.1|googleapis|files\.create/);
    drive.hang = false;
    const list = await t.app.inject({ url: `/api/Document/list?studentId=${studentId}`, ...student });
    expect((list.json() as { documentTypeId: number }[]).some((d) => d.documentTypeId === 2)).toBe(false);
    expect(leftOnDisk()).toEqual([]);
    // The file's row is released for the sweep, which deletes whatever reached Drive.
    const rows = await t.database.db.select().from(files);
    const released = rows.filter((r) => r.studentId === null && r.driverKey.startsWith(`${studentId}/`));
    expect(released).toHaveLength(1);
  });

  it('answers a download with 503 while Drive does not answer', async () => {
    const up = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'a.pdf', data: pdfFile() },
    });
    const { fileId } = up.body as { fileId: string };
    stopDrive();
    const back = await download(t, student, fileId);
    expect(back.statusCode).toBe(503);
    expect(back.json()).toMatchObject({ code: 'storageUnavailable' });
  });

  it('answers a download with 503 when Drive sends the head and then no byte of the body', async () => {
    const up = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'a.pdf', data: pdfFile() },
    });
    const { fileId } = up.body as { fileId: string };
    stopDrive({ stallAfter: 0 });
    const started = performance.now();
    const back = await download(t, student, fileId);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(back.statusCode).toBe(503);
    expect(back.headers['content-type']).toContain('application/problem+json');
    expect(back.headers['content-disposition']).toBeUndefined();
    expect(back.json()).toMatchObject({ status: 503, code: 'storageUnavailable' });
  });
});

describe('GET /api/Document/find-root-folder', () => {
  const check = (who?: { headers: { cookie: string } }) =>
    t.app.inject({ url: '/api/Document/find-root-folder', headers: who?.headers ?? {} });

  it('returns the root folder id to an admin', async () => {
    const res = await check(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rootFolderId: drive.rootFolderId,
      name: 'UniApply files',
      sharedDrive: true,
      storage: 'gdrive',
    });
  });

  it('is for admins only', async () => {
    expect((await check(student)).statusCode).toBe(403);
    expect((await check()).statusCode).toBe(401);
  });

  it('answers 503 storageUnavailable when Drive is unreachable', async () => {
    stopDrive();
    const res = await check(admin);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'storageUnavailable' });
  });

  it('answers 503 driveNotConfigured on a server without Drive settings', async () => {
    const local = await createTestApp({ FILES_DIR: filesDir });
    try {
      const localAdmin = await signInAs(local, 'drive-admin2@documents.test', 'Admin');
      const res = await local.app.inject({ url: '/api/Document/find-root-folder', ...localAdmin });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'driveNotConfigured' });
    } finally {
      await local.close();
    }
  });
});
