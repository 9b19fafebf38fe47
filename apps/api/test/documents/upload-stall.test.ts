import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIME_LIMITS } from '../../src/app.js';
import { files } from '../../src/db/schema/index.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { logCapture } from '../log-capture.js';
import { openRawRequest } from '../raw-request.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, listFiles, MAX_BYTES, multipart, type TPart } from './helpers.js';
import { pdfFile } from './samples.js';

// Issue 11: an upload whose client goes silent mid-body (a phone losing its signal, the connection
// left open) is ended after UPLOAD_STALL_MS without a byte: a 408 when the file was streaming in
// (the connection closed after it), else the connection closed; the spool file is removed, no row
// is written, and the event is logged without personal data. A slow but steady client goes on.

const STALL_MS = 600;
/** How late the server may end a stalled upload, beyond STALL_MS (a loaded machine's slack). */
const SLACK_MS = 2500;
const FILE_NAME = 'stalled-passport.pdf';

let t: TestApp & { filesDir: string };
let student: SignedIn;
let studentId: number;
const log = logCapture();

beforeAll(async () => {
  t = await createDocsApp(
    { UPLOAD_STALL_MS: String(STALL_MS), LOG_LEVEL: 'info' },
    { logStream: log.stream },
  );
  student = await signInAs(t, 'stalling.uploader@documents.test', 'Student');
  const res = await client(t, student).post('/StudentInfo/add', studentInfoBody('Stalling'));
  studentId = (res.body as { id: number }).id;
});
afterAll(() => t?.close());

const fileRows = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
const spool = () => listFiles(path.join(t.filesDir, 'tmp'));

/** A connection that has sent a certificate upload's head; the body goes out as the test says. */
async function openUpload(parts: TPart[]) {
  const { payload, headers } = multipart(parts);
  return openRawRequest(
    t.baseUrl,
    [
      `POST /api/Qualification/upload?studentId=${studentId} HTTP/1.1`,
      `Cookie: ${student.cookie}`,
      `Content-Type: ${headers['content-type']}`,
    ],
    payload,
  );
}

/** When the server closed the connection, or null when it still holds it after `ms`. */
const closedWithin = (closed: Promise<number>, ms: number) =>
  Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pdf = () => pdfFile(MAX_BYTES - 2000);

describe('an upload that stalls mid-body', () => {
  it('is answered 408 uploadStalled and cut off after UPLOAD_STALL_MS; nothing is kept', async () => {
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const up = await openUpload([
      { name: 'file', filename: FILE_NAME, data: pdf(), type: 'application/pdf' },
    ]);
    const lastByte = await up.send(0, Math.floor(up.payload.length * 0.4));
    // The server is streaming the file into its spool when the client goes silent.
    await waitFor(() => spool().length > 0);

    const closedAt = await closedWithin(up.closed, STALL_MS + SLACK_MS);
    up.socket.destroy();
    expect(closedAt, 'the server still holds the stalled upload').not.toBeNull();
    const afterMs = closedAt! - lastByte;
    expect(afterMs).toBeGreaterThanOrEqual(STALL_MS - 50);
    expect(afterMs).toBeLessThan(STALL_MS + SLACK_MS);

    const [head = '', body = ''] = up.answer().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toMatchObject({ status: 408, code: 'uploadStalled' });

    await waitFor(() => spool().length === 0, 2000);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
    expect(await fileRows()).toBe(before.rows);

    const stalled = log.lines().filter((l) => l.event === 'upload-stalled');
    expect(stalled).toHaveLength(1);
    expect(stalled[0]).toMatchObject({
      level: 40,
      userId: student.userId,
      stallMs: STALL_MS,
      declaredBytes: up.payload.length,
      route: 'POST /api/Qualification/upload',
    });
    expect(stalled[0]!.fileBytes).toBeGreaterThan(0);
    // Logged once (not again as an "upload refused"), and without personal data.
    expect(log.lines().filter((l) => l.event === 'upload-refused')).toEqual([]);
    const logged = log
      .text()
      .split('\n')
      .filter((l) => l.includes(String(up.payload.length)) || l.includes('stall'))
      .join('\n');
    expect(logged).not.toContain(FILE_NAME);
    expect(logged).not.toContain('stalling.uploader');
    expect(log.text()).not.toContain(student.cookie.split('=')[1]!);
  });

  it('closes the connection when it stalls outside the file (in a field before it)', async () => {
    const before = { rows: await fileRows(), disk: listFiles(t.filesDir) };
    const up = await openUpload([
      { name: 'note', value: 'x'.repeat(400) },
      { name: 'file', filename: FILE_NAME, data: pdf(), type: 'application/pdf' },
    ]);
    // Halfway through the field's value: no file has started.
    const lastByte = await up.send(0, 300);
    const closedAt = await closedWithin(up.closed, STALL_MS + SLACK_MS);
    up.socket.destroy();
    expect(closedAt, 'the server still holds the stalled upload').not.toBeNull();
    expect(closedAt! - lastByte).toBeGreaterThanOrEqual(STALL_MS - 50);
    expect(up.answer()).toBe('');
    await waitFor(() => spool().length === 0, 2000);
    expect(listFiles(t.filesDir)).toEqual(before.disk);
    expect(await fileRows()).toBe(before.rows);
  });

  it('lets a slow but steady client finish (a piece every 200 ms, for longer than UPLOAD_STALL_MS in all)', async () => {
    const rows = await fileRows();
    const up = await openUpload([
      { name: 'file', filename: 'steady.pdf', data: pdf(), type: 'application/pdf' },
    ]);
    const pieces = 12;
    const size = Math.ceil(up.payload.length / pieces);
    const started = performance.now();
    for (let i = 0; i < pieces; i++) {
      await up.send(i * size, Math.min((i + 1) * size, up.payload.length));
      if (i < pieces - 1) await new Promise((r) => setTimeout(r, 200));
    }
    await waitFor(() => up.answer().includes('\r\n\r\n{'), 5000);
    up.socket.destroy();
    expect(performance.now() - started).toBeGreaterThan(STALL_MS * 2);
    expect(up.answer()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await fileRows()).toBe(rows + 1);
    expect(spool()).toEqual([]);
  });
});

describe("the HTTP server's time limits", () => {
  it('are the chosen ones, not the defaults (Fastify turns the whole-request limit off)', () => {
    const server = t.app.server;
    expect(server.headersTimeout).toBe(30_000);
    expect(server.requestTimeout).toBe(600_000);
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.timeout).toBe(0);
    expect(SERVER_TIME_LIMITS.requestTimeout).toBeGreaterThan(SERVER_TIME_LIMITS.http.headersTimeout);
  });
});
