import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { createDocsApp, download, listFiles, remove, upload } from '../documents/helpers.js';
import { pdfFile, pngFile } from '../documents/samples.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { S3StandIn, silentServer } from './s3-stand-in.js';

// The real upload, download and delete routes with STORAGE=s3 against s3rver (PGlite and PostgreSQL).

let s3: S3StandIn;
let t: Awaited<ReturnType<typeof createDocsApp>>;
let student: { headers: { cookie: string } };
let studentId: number;

beforeAll(async () => {
  s3 = await new S3StandIn().start();
  t = await createDocsApp({ STORAGE: 's3', ...s3.env() });
  student = await signInAs(t, 's3-student@documents.test', 'Student');
  const res = await client(t, student).post('/StudentInfo/add', studentInfoBody('Bucket'));
  studentId = (res.body as { id: number }).id;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

// The last test builds a second app: generous limits for a loaded machine.
describe('documents in S3-compatible storage', { timeout: 120_000 }, () => {
  it('uploads into the bucket under <studentId>/<fileId>, downloads the same bytes and deletes', async () => {
    const data = pdfFile();
    const up = await upload(t, student, '/Document/upload', {
      file: { filename: 'passport.pdf', data },
      fields: { DocumentTypeId: 1 },
    });
    expect(up.status).toBe(200);
    const { id, fileId } = up.body as { id: number; fileId: string };
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    expect(row).toMatchObject({ driver: 's3', driverKey: `${studentId}/${fileId}`, size: data.length });
    expect(s3.keys()).toContain(`${studentId}/${fileId}`);
    // Nothing stays on the local disk, not even the spool file.
    expect(listFiles(t.filesDir)).toEqual([]);
    // The client learns our file id only: no bucket, endpoint or key.
    expect(JSON.stringify(up.body)).not.toMatch(/uniapply-test|127\.0\.0\.1|S3RVER/);

    const back = await download(t, student, fileId);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-length']).toBe(String(data.length));
    expect(back.headers['content-disposition']).toContain('passport.pdf');
    expect(back.rawPayload).toEqual(data);

    expect((await remove(t, student, `/Document/delete/${id}`)).status).toBe(204);
    expect(s3.keys()).not.toContain(`${studentId}/${fileId}`);
    expect((await download(t, student, fileId)).statusCode).toBe(404);
  });

  it('stores qualification files the same way, and another student gets the same 404 as a missing file', async () => {
    const up = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'scan.png', data: pngFile() },
    });
    expect(up.status).toBe(200);
    const { fileId } = up.body as { fileId: string };
    expect((await download(t, student, fileId)).rawPayload).toEqual(pngFile());
    const other = await signInAs(t, 's3-other@documents.test', 'Student');
    const theirs = await download(t, other, fileId);
    const missing = await download(t, other, '00000000-0000-4000-8000-000000000000');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });

  it('answers 503 storageUnavailable when the store does not answer, and keeps no document', async () => {
    const silent = await silentServer();
    const hung = await createDocsApp({
      STORAGE: 's3',
      ...s3.env({ S3_ENDPOINT: silent.url, S3_TIMEOUT_MS: '300', S3_MAX_ATTEMPTS: '2' }),
    });
    try {
      const who = await signInAs(hung, 's3-hung@documents.test', 'Student');
      const res = await client(hung, who).post('/StudentInfo/add', studentInfoBody('Hung'));
      const hungStudent = (res.body as { id: number }).id;
      const t0 = Date.now();
      const up = await upload(hung, who, '/Document/upload', {
        file: { filename: 'late.pdf', data: pdfFile() },
        fields: { DocumentTypeId: 2 },
      });
      console.log(`upload to a silent S3: ${up.status} after ${Date.now() - t0} ms`);
      expect(up.status).toBe(503);
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(up.res.headers['content-type']).toContain('application/problem+json');
      expect(up.body).toMatchObject({ status: 503, code: 'storageUnavailable' });
      expect(JSON.stringify(up.body)).not.toMatch(/127\.0\.0\.1|S3RVER|uniapply-test/);
      const list = await hung.app.inject({ url: `/api/Document/list?studentId=${hungStudent}`, ...who });
      expect(list.json()).toEqual([]);
      expect(listFiles(hung.filesDir)).toEqual([]); // no spool file left
      // The row is released for the sweep, which deletes whatever reached the store.
      const rows = await hung.database.db.select().from(files);
      expect(rows.filter((r) => r.studentId === hungStudent)).toEqual([]);
    } finally {
      await hung.close();
      await silent.close();
    }
  });
});
