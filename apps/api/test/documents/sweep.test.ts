import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { documentsDeps } from '../../src/modules/documents/service.js';
import { sweepFiles, type TSweepDeps } from '../../src/modules/documents/sweep.js';
import { spoolDir } from '../../src/storage/local.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { childBodies, client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, upload } from './helpers.js';
import { docxFile, pdfFile, pngFile } from './samples.js';

// The 24-hour sweep of DESIGN 6: files no record refers to go after a day, with their bytes;
// a deleted student's files go at the next sweep; referenced files stay.

let t: TestApp & { filesDir: string };
let agent: SignedIn;
let deps: TSweepDeps;
let studentId: number;
const log = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createDocsApp();
  agent = await signInAs(t, 'agent@documents-sweep.test', 'Agent');
  studentId = (
    (await client(t, agent).post('/StudentInfo/add', studentInfoBody('Sweep'))).body as { id: number }
  ).id;
  deps = documentsDeps(t.app.storage, t.app.config, t.database.db, log);
});
afterAll(() => t?.close());

const put = async (
  sid: number,
  filename: string,
  data: Buffer,
  route = '/Qualification/upload',
  fields = {},
) => {
  const res = await upload(t, agent, route, { file: { filename, data }, query: `studentId=${sid}`, fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { fileId: string; id?: number };
};
const onDisk = (sid: number, fileId: string) => fs.existsSync(path.join(t.filesDir, String(sid), fileId));
const hasRow = async (fileId: string) =>
  (await t.database.db.select().from(files).where(eq(files.id, fileId))).length === 1;
const age = (fileId: string, hours: number) =>
  t.database.db
    .update(files)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(files.id, fileId));

describe('sweepFiles', () => {
  it('removes an unreferenced file after 24 hours and keeps referenced and recent ones', async () => {
    const unreferenced = await put(studentId, 'lost.pdf', pdfFile());
    const recent = await put(studentId, 'new.pdf', pdfFile());
    const cert = await put(studentId, 'cert.pdf', pdfFile());
    const transcript = await put(studentId, 'transcript.png', pngFile());
    const language = await put(studentId, 'ielts.pdf', pdfFile(), '/Language/upload');
    const document = await put(studentId, 'cv.docx', docxFile(), '/Document/upload', { DocumentTypeId: 3 });
    const c = client(t, agent);
    expect(
      (
        await c.post('/Qualification/add', {
          ...childBodies.Qualification!(studentId, 'Q', 0),
          certFileName: cert.fileId,
          transcriptFileName: transcript.fileId.toUpperCase(),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await c.post('/Language/add', {
          ...childBodies.Language!(studentId, 'L', 0),
          certFileName: language.fileId,
        })
      ).status,
    ).toBe(200);
    for (const f of [unreferenced, cert, transcript, language, document]) await age(f.fileId, 25);
    await age(recent.fileId, 23);

    const result = await sweepFiles(deps);
    expect(result).toMatchObject({ released: 1, purged: 1 });
    expect(await hasRow(unreferenced.fileId)).toBe(false);
    expect(onDisk(studentId, unreferenced.fileId)).toBe(false);
    for (const kept of [recent, cert, transcript, language, document]) {
      expect(await hasRow(kept.fileId)).toBe(true);
      expect(onDisk(studentId, kept.fileId)).toBe(true);
    }
  });

  it('a file referenced only by another student’s record does not count as referenced', async () => {
    const other = (await client(t, agent).post('/StudentInfo/add', studentInfoBody('Other'))).body as {
      id: number;
    };
    const mine = await put(studentId, 'mine.pdf', pdfFile());
    await client(t, agent).post('/Language/add', {
      ...childBodies.Language!(other.id, 'X', 0),
      certFileName: mine.fileId,
    });
    await age(mine.fileId, 30);
    await sweepFiles(deps);
    expect(await hasRow(mine.fileId)).toBe(false);
    expect(onDisk(studentId, mine.fileId)).toBe(false);
  });

  it('deleting a student removes its files right after the commit (the sweep is the retry)', async () => {
    const other = (await client(t, agent).post('/StudentInfo/add', studentInfoBody('Leaving'))).body as {
      id: number;
    };
    const doc = await put(other.id, 'photo.png', pngFile(), '/Document/upload', { DocumentTypeId: 1 });
    expect(onDisk(other.id, doc.fileId)).toBe(true);
    expect((await client(t, agent).post('/StudentInfo/delete', { id: other.id })).status).toBe(200);
    expect(await hasRow(doc.fileId)).toBe(false);
    expect(onDisk(other.id, doc.fileId)).toBe(false);
  });

  it('a student delete that rolls back keeps its files', async () => {
    const kept = (await client(t, agent).post('/StudentInfo/add', studentInfoBody('Staying'))).body as {
      id: number;
    };
    const doc = await put(kept.id, 'photo.png', pngFile(), '/Document/upload', { DocumentTypeId: 1 });
    expect((await client(t, agent).post('/Stage/raise', { studentId: kept.id, stage: 2 })).status).toBe(200);
    await t.database.db.execute(sql`update application_stages set step = 11 where student_id = ${kept.id}`);
    // An agent may not delete a student with a submitted application: the delete rolls back.
    expect((await client(t, agent).post('/StudentInfo/delete', { id: kept.id })).status).toBe(409);
    expect(await hasRow(doc.fileId)).toBe(true);
    expect(onDisk(kept.id, doc.fileId)).toBe(true);
  });

  it('a storage delete that fails keeps the row, is logged, and is retried by the next sweep', async () => {
    const lost = await put(studentId, 'stuck.pdf', pdfFile());
    const where = path.join(t.filesDir, String(studentId), lost.fileId);
    // A non-empty directory where the file was: the local driver's delete fails on it.
    fs.rmSync(where);
    fs.mkdirSync(where);
    fs.writeFileSync(path.join(where, 'x'), 'x');
    await age(lost.fileId, 25);
    const errors: unknown[] = [];
    const first = await sweepFiles({
      ...deps,
      log: { warn: () => {}, error: (o: unknown) => errors.push(o) },
    });
    expect(first).toMatchObject({ released: 1, purged: 0 });
    expect(errors).toEqual([expect.objectContaining({ fileId: lost.fileId })]);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, lost.fileId));
    expect(row?.studentId).toBeNull();

    fs.rmSync(where, { recursive: true });
    expect(await sweepFiles(deps)).toMatchObject({ released: 0, purged: 1 });
    expect(await hasRow(lost.fileId)).toBe(false);
  });

  it('removes uploads left in the spool for over an hour (a crash mid-upload), not current ones', async () => {
    const spool = spoolDir(t.filesDir);
    fs.mkdirSync(spool, { recursive: true });
    const stale = path.join(spool, 'stale.part');
    const current = path.join(spool, 'current.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(current, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const result = await sweepFiles(deps);
    expect(result.spoolRemoved).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(current)).toBe(true);
    fs.rmSync(current);
  });
});
