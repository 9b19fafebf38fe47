// @both-databases: the quota across processes and concurrent uploads (row locks)
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { files } from '../../src/db/schema/index.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { childBodies, client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, listFiles, upload } from './helpers.js';
import { pdfFile } from './samples.js';

// SECURITY 35 (issue 18 item 10): uploads no record uses are kept 24 hours, so what one account may
// hold unattached is bounded (UPLOAD_UNATTACHED_MAX_MB), counted in the database per account: the
// bound holds across processes and concurrent uploads. Uploads that go straight into a record (a
// document slot) are not held unattached.

const QUOTA_MB = '0.1'; // 104,857 bytes: two uploads of 40 KB fit, a third does not
const FILE = pdfFile(40_000);

describe(`SECURITY 35: the unattached upload quota (${testDbKind()})`, () => {
  let t: TestApp & { filesDir: string };
  let student: SignedIn;
  let studentId: number;
  beforeAll(async () => {
    t = await createDocsApp({ UPLOAD_UNATTACHED_MAX_MB: QUOTA_MB });
    student = await signInAs(t, 'quota.student@quota.test', 'Student');
    studentId = (
      (await client(t, student).post('/StudentInfo/add', studentInfoBody('Quota'))).body as { id: number }
    ).id;
  });
  afterAll(() => t?.close());

  const qualificationUpload = (who = student, app: TestApp = t) =>
    upload(app, who, '/Qualification/upload', { file: { filename: 'cert.pdf', data: FILE } });
  const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;

  it('item 35: over the bound an upload is a 413 uploadQuota naming the limit, and nothing is kept', async () => {
    const first = await qualificationUpload();
    const second = await qualificationUpload();
    expect([first.status, second.status]).toEqual([200, 200]);
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const third = await qualificationUpload();
    expect(third.status, JSON.stringify(third.body)).toBe(413);
    expect(third.res.headers['content-type']).toContain('application/problem+json');
    expect(third.body).toMatchObject({ code: 'uploadQuota', params: { maxMb: 0.1 } });
    expect((third.body as { message: string }).message).toContain('0.1 MB');
    expect(await fileRows()).toBe(before.rows);
    expect(listFiles(t.filesDir)).toEqual(before.disk);

    // Another account has its own bound.
    const other = await signInAs(t, 'quota.other@quota.test', 'Student');
    await client(t, other).post('/StudentInfo/add', studentInfoBody('Quotb'));
    expect((await qualificationUpload(other)).status).toBe(200);

    // A document slot takes the file into a record at once: not held unattached, so allowed.
    const doc = await upload(t, student, '/Document/upload', {
      file: { filename: 'passport.pdf', data: FILE },
      fields: { DocumentTypeId: 1 },
    });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);

    // Once a record uses one of the uploads, there is room again.
    const fileId = (first.body as { fileId: string }).fileId;
    const saved = await client(t, student).post('/Qualification/add', {
      ...childBodies.Qualification!(studentId, 'Quota', 0),
      certFileName: fileId,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await qualificationUpload()).status).toBe(200);
    expect((await qualificationUpload()).status).toBe(413);
  });

  it('item 35: concurrent uploads of one account cannot pass the bound together', async () => {
    const who = await signInAs(t, 'quota.race@quota.test', 'Student');
    await client(t, who).post('/StudentInfo/add', studentInfoBody('Quotc'));
    const answers = await Promise.all([1, 2, 3, 4].map(() => qualificationUpload(who)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 413, 413]);
    const mine = await t.database.db
      .select({ n: count() })
      .from(files)
      .where(eq(files.uploadedBy, who.userId));
    expect(mine[0]!.n).toBe(2);
  });

  it.runIf(testDbKind() === 'postgres')(
    'item 35: a second process on the same database counts the same uploads',
    async () => {
      const url = (t.database as { url?: string }).url!;
      const second = await createTestApp(
        { FILES_DIR: t.filesDir, UPLOAD_MAX_MB: '0.05', UPLOAD_UNATTACHED_MAX_MB: QUOTA_MB },
        { database: await openDatabase({ url, poolSize: 2 }) },
      );
      try {
        const who = await signInAs(t, 'quota.two@quota.test', 'Student');
        await client(t, who).post('/StudentInfo/add', studentInfoBody('Quotd'));
        expect((await qualificationUpload(who, t)).status).toBe(200);
        expect((await qualificationUpload(who, second)).status).toBe(200);
        expect((await qualificationUpload(who, t)).status).toBe(413);
        expect((await qualificationUpload(who, second)).status).toBe(413);
      } finally {
        await second.close();
      }
    },
  );

  it('item 35: UPLOAD_UNATTACHED_MAX_MB is read and checked at start-up', () => {
    expect(readConfig({}).uploadQuota).toEqual({ maxBytes: 50 * 1024 * 1024, maxMb: 50 });
    expect(readConfig({ UPLOAD_UNATTACHED_MAX_MB: '0.1' }).uploadQuota.maxMb).toBe(0.1);
    for (const bad of ['0', '-1', 'lots', '100000']) {
      expect(() => readConfig({ UPLOAD_UNATTACHED_MAX_MB: bad })).toThrow(/UPLOAD_UNATTACHED_MAX_MB/);
    }
  });
});
