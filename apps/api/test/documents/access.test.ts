import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  files,
  languageQualifications,
  qualifications,
  studentDocuments,
} from '../../src/db/schema/index.js';
import { fileIdsOfStudent } from '../../src/modules/documents/repository.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { childBodies, client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, download, multipart, remove, upload } from './helpers.js';
import { pdfFile, pngFile } from './samples.js';

// Who reaches which file (SECURITY 1, 2, 27): a student their own profile's, an agent their
// students', an admin all; another owner's file, row or student answers exactly like a missing one.

let t: TestApp & { filesDir: string };
let admin: SignedIn;
let studentA: SignedIn;
let studentB: SignedIn;
let agentX: SignedIn;
let agentY: SignedIn;
const ids = { a: 0, b: 0, x1: 0, x2: 0, y: 0 };

const addProfile = async (who: SignedIn, marker: string, email?: string) => {
  const res = await client(t, who).post('/StudentInfo/add', {
    ...studentInfoBody(marker),
    ...(email ? { email } : {}),
  });
  if (res.status !== 200) throw new Error(res.text);
  return (res.body as { id: number }).id;
};

beforeAll(async () => {
  t = await createDocsApp();
  admin = await signInAs(t, 'admin@documents-access.test', 'Admin');
  studentA = await signInAs(t, 'student.a@documents-access.test', 'Student');
  studentB = await signInAs(t, 'student.b@documents-access.test', 'Student');
  agentX = await signInAs(t, 'agent.x@documents-access.test', 'Agent');
  agentY = await signInAs(t, 'agent.y@documents-access.test', 'Agent');
  ids.a = await addProfile(studentA, 'Aziza');
  ids.b = await addProfile(studentB, 'Bobur');
  ids.x1 = await addProfile(agentX, 'Xurshid');
  ids.x2 = await addProfile(agentX, 'Xolida');
  ids.y = await addProfile(agentY, 'Yulduz', 'shared@mail.test');
});
afterAll(() => t?.close());

const pdf = (filename = 'cert.pdf') => ({ filename, data: pdfFile() });
const fileIdOf = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { fileId: string }).fileId;
};
const stored = (studentId: number, fileId: string) =>
  fs.existsSync(path.join(t.filesDir, String(studentId), fileId));
const missingBody = async (who: SignedIn) => (await download(t, who, crypto.randomUUID())).json();

describe('SECURITY 1, 2: naming the student of an upload', () => {
  it('a student uploads to their own profile by default, by UserName (profile or account email) or by id', async () => {
    for (const target of [
      {},
      { fields: { UserName: 'aziza@mail.test' } },
      { fields: { UserName: 'Student.A@documents-access.test' } },
      { query: `studentId=${ids.a}` },
      { fields: { studentId: ids.a } },
    ]) {
      const fileId = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf(), ...target }));
      const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
      expect(row?.studentId).toBe(ids.a);
    }
  });

  it('item 1: another student, by id or by UserName, is refused like a missing one', async () => {
    const missing = await upload(t, studentA, '/Qualification/upload', {
      file: pdf(),
      query: 'studentId=999999',
    });
    expect(missing.status).toBe(404);
    for (const target of [
      { query: `studentId=${ids.b}` },
      { fields: { studentId: ids.b } },
      { fields: { UserName: 'bobur@mail.test' } },
      { fields: { UserName: 'student.b@documents-access.test' } },
    ]) {
      const res = await upload(t, studentA, '/Qualification/upload', { file: pdf(), ...target });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect(fs.existsSync(path.join(t.filesDir, String(ids.b)))).toBe(false);
  });

  it('item 2: an agent names their own student by UserName or id; another agent’s student is a 404', async () => {
    const own = fileIdOf(
      await upload(t, agentX, '/Language/upload', { file: pdf(), fields: { UserName: 'xolida@mail.test' } }),
    );
    expect((await t.database.db.select().from(files).where(eq(files.id, own)))[0]?.studentId).toBe(ids.x2);
    fileIdOf(await upload(t, agentX, '/Language/upload', { file: pdf(), query: `studentId=${ids.x1}` }));
    const missing = await upload(t, agentX, '/Language/upload', { file: pdf(), query: 'studentId=999999' });
    for (const route of ['/Document/upload', '/Qualification/upload', '/Language/upload']) {
      for (const target of [
        { query: `studentId=${ids.y}` },
        { fields: { studentId: ids.y } },
        { fields: { UserName: 'shared@mail.test' } },
        {},
      ]) {
        const res = await upload(t, agentX, route, {
          file: pdf(),
          ...target,
          fields: { ...target.fields, DocumentTypeId: route === '/Document/upload' ? 1 : 0 },
        });
        expect(res.status, `${route} ${JSON.stringify(target)}`).toBe(404);
        expect(res.body).toEqual(missing.body);
      }
    }
    expect(fs.existsSync(path.join(t.filesDir, String(ids.y)))).toBe(false);
  });

  it('an ambiguous UserName (two profiles with that email) is refused like a missing student', async () => {
    await addProfile(agentY, 'Yana', 'shared@mail.test');
    const res = await upload(t, agentY, '/Qualification/upload', {
      file: pdf(),
      fields: { UserName: 'shared@mail.test' },
    });
    expect(res.status).toBe(404);
  });

  it('an admin uploads for any student, by id', async () => {
    const fileId = fileIdOf(
      await upload(t, admin, '/Qualification/upload', { file: pdf(), query: `studentId=${ids.b}` }),
    );
    expect(stored(ids.b, fileId)).toBe(true);
  });
});

describe('SECURITY 27: download', () => {
  it('item 27: attachment with the exact UTF-8 name (RFC 6266/5987), its own type, not cached', async () => {
    const name = "Ариза (1)'s final.pdf";
    const fileId = fileIdOf(
      await upload(t, studentA, '/Qualification/upload', { file: { filename: name, data: pdfFile() } }),
    );
    const res = await download(t, studentA, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____ (1)'s final.pdf"; filename*=UTF-8''%D0%90%D1%80%D0%B8%D0%B7%D0%B0%20%281%29%27s%20final.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    const star = /filename\*=UTF-8''(.+)$/.exec(String(res.headers['content-disposition']))![1]!;
    expect(decodeURIComponent(star)).toBe(name);
  });

  it('item 27: quotes in a name (sent RFC 5987-encoded) cannot break out of the header', async () => {
    const boundary = 'quoteboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''Say%20%22hi%22%3B%20x%3D1.pdf\r\nContent-Type: application/pdf\r\n\r\n`;
    const payload = Buffer.concat([Buffer.from(head), pdfFile(), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Qualification/upload',
      headers: { ...studentA.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { fileId, fileName } = res.json() as { fileId: string; fileName: string };
    expect(fileName).toBe('Say "hi"; x=1.pdf');
    const got = await download(t, studentA, fileId);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Say _hi_; x=1.pdf"; filename*=UTF-8''Say%20%22hi%22%3B%20x%3D1.pdf`,
    );
  });

  it('items 1, 27: another student’s file, a missing id and a malformed id give the same 404', async () => {
    const fileB = fileIdOf(await upload(t, studentB, '/Qualification/upload', { file: pdf() }));
    const missing = await missingBody(studentA);
    expect(missing).toMatchObject({ status: 404, message: 'File not found' });
    for (const id of [fileB, fileB.toUpperCase(), 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await download(t, studentA, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing);
    }
    expect((await download(t, studentB, fileB)).statusCode).toBe(200);
    expect((await download(t, studentB, fileB.toUpperCase())).statusCode).toBe(200);
    expect((await download(t, admin, fileB)).statusCode).toBe(200);
    expect((await download(t, null, fileB)).statusCode).toBe(401);
  });

  it('item 2: an agent downloads their students’ files only', async () => {
    const fileX = fileIdOf(
      await upload(t, agentX, '/Qualification/upload', { file: pdf(), query: `studentId=${ids.x1}` }),
    );
    const fileA = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf() }));
    expect((await download(t, agentX, fileX)).statusCode).toBe(200);
    const missing = await missingBody(agentY);
    for (const [who, id] of [
      [agentY, fileX],
      [agentX, fileA],
      [studentA, fileX],
    ] as const) {
      const res = await download(t, who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing);
    }
  });
});

describe('SECURITY 1, 2: deleting', () => {
  const documentOf = async (who: SignedIn, studentId: number, typeId: number) => {
    const res = await upload(t, who, '/Document/upload', {
      file: { filename: 'photo.png', data: pngFile() },
      fields: { studentId, DocumentTypeId: typeId },
    });
    expect(res.status).toBe(200);
    return res.body as { id: number; fileId: string };
  };

  it('items 1, 2: another owner cannot delete or replace a document; the owner can (row and file go)', async () => {
    const doc = await documentOf(agentX, ids.x1, 1);
    const missing = await remove(t, agentY, '/Document/delete/999999');
    expect(missing.status).toBe(404);
    for (const who of [agentY, studentA, studentB]) {
      expect(await remove(t, who, `/Document/delete/${doc.id}`)).toEqual(missing);
      const replace = await upload(t, who, '/Document/upload', {
        file: { filename: 'other.png', data: pngFile() },
        fields: { studentId: ids.x1, DocumentTypeId: 1 },
      });
      expect(replace.status).toBe(404);
    }
    const [row] = await t.database.db.select().from(studentDocuments).where(eq(studentDocuments.id, doc.id));
    expect(row?.docPath).toBe(doc.fileId);
    expect(stored(ids.x1, doc.fileId)).toBe(true);

    expect((await remove(t, agentX, `/Document/delete/${doc.id}`)).status).toBe(204);
    expect(
      await t.database.db.select().from(studentDocuments).where(eq(studentDocuments.id, doc.id)),
    ).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.id, doc.fileId))).toEqual([]);
    expect(stored(ids.x1, doc.fileId)).toBe(false);
    expect((await remove(t, agentX, `/Document/delete/${doc.id}`)).status).toBe(404);
  });

  it('an admin deletes any document', async () => {
    const doc = await documentOf(studentB, ids.b, 2);
    expect((await remove(t, admin, `/Document/delete/${doc.id}`)).status).toBe(204);
    expect(stored(ids.b, doc.fileId)).toBe(false);
  });

  it('items 1, 2: Qualification/deleteFile clears both files of the owner’s row only', async () => {
    const cert = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf() }));
    const transcript = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf('t.pdf') }));
    const add = await client(t, studentA).post('/Qualification/add', {
      ...childBodies.Qualification!(ids.a, 'Q', 0),
      certFileName: cert,
      transcriptFileName: transcript,
    });
    expect(add.status).toBe(200);
    const id = (add.body as { id: number }).id;
    const missing = await remove(t, studentB, '/Qualification/deleteFile/999999');
    for (const who of [studentB, agentX])
      expect(await remove(t, who, `/Qualification/deleteFile/${id}`)).toEqual(missing);
    expect(stored(ids.a, cert) && stored(ids.a, transcript)).toBe(true);

    expect((await remove(t, studentA, `/Qualification/deleteFile/${id}`)).status).toBe(204);
    const [row] = await t.database.db.select().from(qualifications).where(eq(qualifications.id, id));
    expect(row).toMatchObject({ certFileName: null, transcriptFileName: null });
    expect(stored(ids.a, cert) || stored(ids.a, transcript)).toBe(false);
    expect((await download(t, studentA, cert)).statusCode).toBe(404);
  });

  it('items 1, 2: Language/deleteFile clears the certificate of the owner’s row only', async () => {
    const cert = fileIdOf(
      await upload(t, agentX, '/Language/upload', { file: pdf(), query: `studentId=${ids.x2}` }),
    );
    const add = await client(t, agentX).post('/Language/add', {
      ...childBodies.Language!(ids.x2, 'L', 0),
      certFileName: cert,
    });
    expect(add.status).toBe(200);
    const id = (add.body as { id: number }).id;
    const missing = await remove(t, agentY, '/Language/deleteFile/999999');
    for (const who of [agentY, studentA])
      expect(await remove(t, who, `/Language/deleteFile/${id}`)).toEqual(missing);
    expect(stored(ids.x2, cert)).toBe(true);

    expect((await remove(t, agentX, `/Language/deleteFile/${id}`)).status).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(languageQualifications)
      .where(eq(languageQualifications.id, id));
    expect(row?.certFileName).toBeNull();
    expect(stored(ids.x2, cert)).toBe(false);
  });

  it("find names each stored file by its display name (the owner's files only)", async () => {
    const cert = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf('A level.pdf') }));
    const add = await client(t, studentA).post('/Qualification/add', {
      ...childBodies.Qualification!(ids.a, 'Named', 0),
      certFileName: cert,
      transcriptFileName: null,
    });
    expect(add.status).toBe(200);
    const found = await client(t, studentA).post('/Qualification/find', { studentId: ids.a });
    const row = (found.body as Record<string, unknown>[]).find(
      (r) => r.id === (add.body as { id: number }).id,
    );
    expect(row).toMatchObject({
      certFileName: cert,
      certDisplayName: 'A level.pdf',
      transcriptDisplayName: null,
    });

    const langCert = fileIdOf(await upload(t, studentA, '/Language/upload', { file: pdf('IELTS.pdf') }));
    const lang = await client(t, studentA).post('/Language/add', {
      ...childBodies.Language!(ids.a, 'Named', 0),
      certFileName: langCert,
    });
    expect(lang.status).toBe(200);
    const langs = await client(t, studentA).post('/Language/find', { studentId: ids.a });
    expect((langs.body as Record<string, unknown>[]).find((r) => r.certFileName === langCert)).toMatchObject({
      certDisplayName: 'IELTS.pdf',
    });
  });

  it('a row id must be a canonical positive integer', async () => {
    for (const id of ['0', '-1', '01', '1.5', 'abc']) {
      expect((await remove(t, admin, `/Document/delete/${id}`)).status).toBe(400);
    }
  });
});

describe('fileIdsOfStudent', () => {
  it('item 1: names only the live files of that student (for the record checks of DESIGN 6)', async () => {
    const a = fileIdOf(await upload(t, studentA, '/Qualification/upload', { file: pdf() }));
    const b = fileIdOf(await upload(t, studentB, '/Qualification/upload', { file: pdf() }));
    const found = await fileIdsOfStudent(t.database.db, ids.a, [
      a.toUpperCase(),
      b,
      'x.pdf',
      null,
      crypto.randomUUID(),
    ]);
    expect([...found]).toEqual([a]);
  });
});

describe('SECURITY 4: every route needs a session', () => {
  it('answers 401 without one, before reading an upload', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'a.pdf', data: pdfFile() }]);
    for (const url of ['/api/Document/upload', '/api/Qualification/upload', '/api/Language/upload']) {
      expect((await t.app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(401);
    }
    for (const url of [
      '/api/Document/delete/1',
      '/api/Qualification/deleteFile/1',
      '/api/Language/deleteFile/1',
    ]) {
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    }
    expect((await download(t, null, crypto.randomUUID())).statusCode).toBe(401);
  });
});
