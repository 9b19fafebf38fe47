import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, studentDocuments } from '../../src/db/schema/index.js';
import { signInAs, type TestApp } from '../app.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, download, listFiles, MAX_BYTES, multipart, upload } from './helpers.js';
import { docFile, docxFile, docxParts, jpegFile, pdfFile, pngFile, zipFile } from './samples.js';

// Uploads: type by name and content, size limit, storage names, aborted uploads (SECURITY 24-26).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp & { filesDir: string };
let student: { headers: { cookie: string } };
let studentId: number;

beforeAll(async () => {
  t = await createDocsApp();
  student = await signInAs(t, 'uploader@documents.test', 'Student');
  const res = await client(t, student).post('/StudentInfo/add', studentInfoBody('Uploader'));
  studentId = (res.body as { id: number }).id;
});
afterAll(() => t?.close());

const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
const spool = () => path.join(t.filesDir, 'tmp');

/** A PDF padded (inside a comment, before the header is over) to exactly `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const base = pdfFile();
  const pad = size - base.length - 2;
  return Buffer.concat([base.subarray(0, 9), Buffer.from(`%${'x'.repeat(pad)}\n`), base.subarray(9)]);
}

describe('SECURITY 24: accepted kinds', () => {
  const kinds: [string, () => Buffer, string][] = [
    ['report.pdf', pdfFile, 'application/pdf'],
    ['old.doc', docFile, 'application/msword'],
    ['long.doc', () => docFile({ entry: 5 }), 'application/msword'],
    ['cv.docx', docxFile, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['photo.jpg', jpegFile, 'image/jpeg'],
    ['photo.JPEG', jpegFile, 'image/jpeg'],
    ['scan.png', pngFile, 'image/png'],
  ];
  for (const [filename, make, contentType] of kinds) {
    it(`item 24: a real ${filename} is stored under a server name and reads back the same`, async () => {
      const data = make();
      const res = await upload(t, student, '/Qualification/upload', { file: { filename, data } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ fileId: expect.stringMatching(UUID), fileName: filename });
      const { fileId } = res.body as { fileId: string };
      const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
      expect(row).toMatchObject({
        studentId,
        displayName: filename,
        size: data.length,
        contentType,
        driver: 'local',
      });
      expect(row!.driverKey).toBe(`${studentId}/${fileId}`);
      expect(fs.readFileSync(path.join(t.filesDir, String(studentId), fileId))).toEqual(data);
      const back = await download(t, student, fileId);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe(contentType);
      expect(back.rawPayload).toEqual(data);
    });
  }
});

describe('SECURITY 24, 25: refused kinds', () => {
  // Each with its own code, so the web can say why (common:errors.<code>).
  const refused: [string, string, Buffer, string][] = [
    ['a PNG named .pdf', 'scan.pdf', pngFile(), 'fileType'],
    ['PHP named .pdf', 'shell.pdf', Buffer.from('<?php system($_GET["c"]); ?>\n'), 'fileType'],
    ['text named .docx', 'notes.docx', Buffer.from('just some text, not a Word file\n'), 'fileType'],
    [
      'a plain zip named .docx',
      'archive.docx',
      zipFile([{ name: 'readme.txt', data: Buffer.from('hi') }]),
      'fileType',
    ],
    ['a PDF named .pdf.html', 'report.pdf.html', pdfFile(), 'fileType'],
    ['a PDF named .png', 'report.png', pdfFile(), 'fileType'],
    ['a name without extension', 'report', pdfFile(), 'fileType'],
    ['a DOCX named .doc', 'cv.doc', docxFile(), 'fileType'],
    ['an OLE2 file named .docx', 'old.docx', docFile(), 'fileType'],
    [
      'an OLE2 file without a WordDocument stream (a workbook) named .doc',
      'cv.doc',
      docFile({ stream: 'Workbook' }),
      'fileType',
    ],
    ['an OLE2 file of an unknown version named .doc', 'cv.doc', docFile({ major: 7 }), 'fileDamaged'],
    [
      'a Word zip without its document part',
      'cv.docx',
      zipFile(docxParts().filter((p) => p.name !== 'word/document.xml')),
      'fileDamaged',
    ],
  ];
  for (const [what, filename, data, code] of refused) {
    it(`item 24: ${what} is refused (${code}) and nothing is kept`, async () => {
      const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
      const res = await upload(t, student, '/Qualification/upload', { file: { filename, data } });
      expect(res.status).toBe(400);
      expect(res.res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).toMatchObject({ code, params: { accepted: 'pdf, doc, docx, jpg, jpeg, png' } });
      expect(await fileRows()).toBe(before.rows);
      expect(listFiles(t.filesDir)).toEqual(before.disk);
    });
  }

  it('item 25: a docx zip bomb is refused by its declared sizes, without decompressing it', async () => {
    const bomb = zipFile([
      ...docxParts(),
      { name: 'word/media/big.bin', data: Buffer.alloc(20 * 1024 * 1024), deflate: true },
    ]);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    const before = listFiles(t.filesDir);
    const res = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'cv.docx', data: bomb },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'fileTooLargeInside',
      message: 'The Word file is too large inside.',
    });
    expect(listFiles(t.filesDir)).toEqual(before);
  });
});

describe('SECURITY 25: what a docx really inflates to', () => {
  // Issue 18 item 13: the sizes a zip declares are the sender's word. A part that claims 1,000
  // bytes but inflates 1,000:1 (zeros deflate about 1,030:1) is measured while it inflates, and
  // the inflating stops at the cap.
  const refusedAs = async (data: Buffer, code: string) => {
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const res = await upload(t, student, '/Qualification/upload', { file: { filename: 'cv.docx', data } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code });
    expect(await fileRows()).toBe(before.rows);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
  };

  it('item 25: a part declaring 1,000 bytes that inflates over 1,000:1 is refused (fileTooLargeInside)', async () => {
    const zeros = Buffer.alloc(10 * 1024 * 1024);
    const bomb = zipFile([
      ...docxParts(),
      { name: 'word/media/a.bin', data: zeros, deflate: true, declared: 1000 },
    ]);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    expect(zeros.length / bomb.length).toBeGreaterThan(200);
    await refusedAs(bomb, 'fileTooLargeInside');
  });

  it('item 25: a part that inflates to less than it declares, or does not inflate at all, is damaged', async () => {
    const text = Buffer.from('<w:t>short</w:t>'.repeat(50));
    await refusedAs(
      zipFile([...docxParts(), { name: 'word/a.xml', data: text, deflate: true, declared: 600_000 }]),
      'fileDamaged',
    );
    const garbage = zipFile([...docxParts(), { name: 'word/b.xml', data: Buffer.alloc(64, 0xff) }]);
    // Marked deflated though its bytes are no deflate stream.
    const at = garbage.indexOf(Buffer.from('word/b.xml'));
    garbage.writeUInt16LE(8, at - 30 + 8);
    const central = garbage.indexOf(Buffer.from('word/b.xml'), at + 1);
    garbage.writeUInt16LE(8, central - 46 + 10);
    await refusedAs(garbage, 'fileDamaged');
  });

  it('item 25: a real docx with stored and deflated parts is still accepted', async () => {
    const res = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'cv.docx', data: docxFile() },
    });
    expect(res.status).toBe(200);
  });
});

describe('SECURITY 25: size limit', () => {
  it('item 25: a file of exactly the limit is accepted', async () => {
    const res = await upload(t, student, '/Language/upload', {
      file: { filename: 'max.pdf', data: pdfOfSize(MAX_BYTES) },
    });
    expect(res.status).toBe(200);
  });

  it('item 25: the limit + 1 byte gives 413 and leaves no file anywhere', async () => {
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const res = await upload(t, student, '/Language/upload', {
      file: { filename: 'big.pdf', data: pdfOfSize(MAX_BYTES + 1) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: 413, title: 'Payload Too Large' });
    expect(await fileRows()).toBe(before.rows);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
    expect(listFiles(spool())).toEqual([]);
  });

  it('item 25: a declared length far over the limit is refused before the body is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Document/upload',
      headers: {
        ...student.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_BYTES * 4),
      },
      payload: Buffer.alloc(MAX_BYTES * 4),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('SECURITY 26: storage names', () => {
  it('item 26: a client name with ../ is display text only; the stored path is ours', async () => {
    const res = await upload(t, student, '/Qualification/upload', {
      file: { filename: '../../escape.pdf', data: pdfFile() },
    });
    expect(res.status).toBe(200);
    const { fileId, fileName } = res.body as { fileId: string; fileName: string };
    expect(fileName).toBe('escape.pdf');
    expect(fs.existsSync(path.join(t.filesDir, String(studentId), fileId))).toBe(true);
    expect(fs.existsSync(path.resolve(t.filesDir, '..', 'escape.pdf'))).toBe(false);
    expect(listFiles(t.filesDir).some((f) => f.includes('escape'))).toBe(false);
  });

  it('item 26: the files directory is not served', async () => {
    const [stored] = listFiles(t.filesDir);
    for (const url of [`/${stored}`, `/files/${stored}`, `/api/files/${stored}`]) {
      const res = await t.app.inject({ url, headers: student.headers });
      expect(res.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });
});

describe('Document/upload', () => {
  it('returns { id, docPath, fileId, fileName } with docPath = fileId, fields before or after the file', async () => {
    for (const fieldsFirst of [false, true]) {
      const res = await upload(t, student, '/Document/upload', {
        file: { filename: 'passport.png', data: pngFile() },
        fields: { UserName: 'uploader@documents.test', DocumentTypeId: 2 },
        fieldsFirst,
      });
      expect(res.status).toBe(200);
      const body = res.body as { id: number; docPath: string; fileId: string; fileName: string };
      expect(body).toEqual({
        id: expect.any(Number),
        docPath: body.fileId,
        fileId: expect.stringMatching(UUID),
        fileName: 'passport.png',
      });
    }
  });

  it('a new upload to the same slot replaces the document and removes the old file', async () => {
    const first = await upload(t, student, '/Document/upload', {
      file: { filename: 'cv.pdf', data: pdfFile() },
      fields: { DocumentTypeId: 3 },
    });
    const second = await upload(t, student, '/Document/upload', {
      file: { filename: 'cv-new.docx', data: docxFile() },
      fields: { DocumentTypeId: 3 },
    });
    expect(second.status).toBe(200);
    const a = first.body as { id: number; fileId: string };
    const b = second.body as { id: number; fileId: string };
    expect(b.id).toBe(a.id);
    const rows = await t.database.db.select().from(studentDocuments).where(eq(studentDocuments.id, a.id));
    expect(rows).toEqual([
      { id: a.id, studentId, documentTypeId: 3, docPath: b.fileId, fileName: 'cv-new.docx' },
    ]);
    expect(await t.database.db.select().from(files).where(eq(files.id, a.fileId))).toEqual([]);
    expect(fs.existsSync(path.join(t.filesDir, String(studentId), a.fileId))).toBe(false);
    expect((await download(t, student, a.fileId)).statusCode).toBe(404);
  });

  it('needs a document type that exists; 0 is for qualification and language files', async () => {
    const before = listFiles(t.filesDir);
    for (const fields of [{}, { DocumentTypeId: 0 }, { DocumentTypeId: 999 }, { DocumentTypeId: 'x' }]) {
      const res = await upload(t, student, '/Document/upload', {
        file: { filename: 'a.pdf', data: pdfFile() },
        fields,
      });
      expect(res.status).toBe(400);
    }
    expect(listFiles(t.filesDir)).toEqual(before);
  });

  it('refuses a request without a file, and one without a session', async () => {
    expect(
      (await upload(t, student, '/Qualification/upload', { fields: { DocumentTypeId: 0 } })).status,
    ).toBe(400);
    const anon = await upload(t, null, '/Qualification/upload', {
      file: { filename: 'a.pdf', data: pdfFile() },
    });
    expect(anon.status).toBe(401);
  });
});

describe('SECURITY 25 (reliability): aborted upload', () => {
  it('reliability: a client that disconnects mid-upload leaves no file and no row', async () => {
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const { payload, headers } = multipart([
      { name: 'file', filename: 'half.pdf', data: pdfOfSize(MAX_BYTES - 100) },
    ]);
    const { port } = new URL(t.baseUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/Qualification/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${student.headers.cookie}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.length / 2));
    // Wait until the server is streaming into the spool, then hang up.
    await waitFor(() => listFiles(spool()).length > 0);
    socket.destroy();
    await waitFor(() => listFiles(spool()).length === 0);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
    expect(await fileRows()).toBe(before.rows);
  });
});

async function waitFor(condition: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('OpenAPI', () => {
  it('lists the upload, delete and download routes', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/Document/upload'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/Qualification/upload'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/Language/upload'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/api/Document/delete/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths['/api/Qualification/deleteFile/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths['/api/Language/deleteFile/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(paths['/api/Document/downloadByFileId/{fileId}'] ?? {})).toEqual(['get']);
  });
});
