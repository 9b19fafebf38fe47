import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { logCapture } from '../log-capture.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { EICAR, startFakeClamd, type TFakeClamd } from './fake-clamd.js';
import { createDocsApp, listFiles, upload } from './helpers.js';
import { jpegFile, pdfFile } from './samples.js';

// SECURITY 28: with CLAMD_SOCKET set, every upload is streamed to clamd (INSTREAM) before it is
// stored; malware is refused (422 fileInfected), a scanner fault is a 503 and nothing is stored.

describe(`SECURITY 28: uploads are scanned by clamd before they are stored (${testDbKind()})`, () => {
  let t: TestApp & { filesDir: string };
  let clamd: TFakeClamd;
  let student: { userId: number; headers: { cookie: string } };
  let studentId: number;
  const log = logCapture();
  beforeAll(async () => {
    clamd = await startFakeClamd();
    t = await createDocsApp(
      { CLAMD_SOCKET: clamd.socket, CLAMD_TIMEOUT_MS: '1500', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    student = await signInAs(t, 'scanned@documents.test', 'Student');
    const res = await client(t, student).post('/StudentInfo/add', studentInfoBody('Scanned'));
    studentId = (res.body as { id: number }).id;
  });
  afterAll(async () => {
    await t?.close();
    await clamd?.close();
  });

  const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
  const nothingStored = async (before: { rows: number; disk: string[] }) => {
    expect(await fileRows()).toBe(before.rows);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
  };
  const snapshot = async () => ({ rows: await fileRows(), disk: listFiles(t.filesDir) });

  it('item 28: a clean file is streamed whole to the scanner and then stored', async () => {
    clamd.mode = 'scan';
    const data = jpegFile();
    const scans = clamd.scans.length;
    const res = await upload(t, student, '/Qualification/upload', { file: { filename: 'photo.jpg', data } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(clamd.scans.length).toBe(scans + 1);
    expect(clamd.scans.at(-1)!.equals(data)).toBe(true);
    expect(listFiles(t.filesDir)).toContain(`${studentId}/${res.body.fileId}`);
  });

  const infected: [string, string, Buffer][] = [
    ['the EICAR test file named .pdf', 'eicar.pdf', EICAR],
    ['a PDF carrying the EICAR string', 'report.pdf', Buffer.concat([pdfFile(), EICAR])],
  ];
  for (const [what, filename, data] of infected) {
    it(`item 28: ${what} is refused with 422 fileInfected, nothing stored, the event logged`, async () => {
      clamd.mode = 'scan';
      const before = await snapshot();
      const res = await upload(t, student, '/Document/upload', {
        file: { filename, data },
        fields: { studentId, DocumentTypeId: 1 },
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'fileInfected' });
      await nothingStored(before);
      const event = log.lines().findLast((l) => l.event === 'upload-refused');
      expect(event).toMatchObject({
        reason: 'malware',
        userId: student.userId,
        signature: 'Eicar-Test-Signature',
      });
      expect(log.text()).not.toContain(filename);
    });
  }

  const faults: [string, TFakeClamd['mode']][] = [
    ['does not answer in time', 'hang'],
    ['hangs up without an answer', 'hang-up'],
    ['answers something that is not clamd', 'garble'],
  ];
  for (const [what, mode] of faults) {
    it(`item 28: a scanner that ${what} gives 503 scannerUnavailable and stores nothing`, async () => {
      clamd.mode = mode;
      const before = await snapshot();
      const started = Date.now();
      const res = await upload(t, student, '/Qualification/upload', {
        file: { filename: 'photo.jpg', data: jpegFile() },
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'scannerUnavailable' });
      expect(Number(res.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(5000);
      await nothingStored(before);
      expect(log.lines().findLast((l) => l.event === 'upload-refused')).toMatchObject({
        reason: 'scanner unavailable',
        userId: student.userId,
      });
      clamd.mode = 'scan';
    });
  }

  it('item 28: a scanner socket that does not exist gives 503, never an unscanned file', async () => {
    const other = await createDocsApp({ CLAMD_SOCKET: `${clamd.socket}.missing` });
    try {
      const who = await signInAs(other, 'scanned2@documents.test', 'Student');
      await client(other, who).post('/StudentInfo/add', studentInfoBody('Scannedtwo'));
      const res = await upload(other, who, '/Qualification/upload', {
        file: { filename: 'photo.jpg', data: jpegFile() },
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'scannerUnavailable' });
      expect(Number(res.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(listFiles(other.filesDir)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
