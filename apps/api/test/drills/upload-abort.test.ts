import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { signInAs, type TestApp } from '../app.js';
import { createTestDatabase } from '../db.js';
import { logCapture } from '../log-capture.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { apiClient, expectPromptClose, startInProcessApi } from './api.js';
import { certificateUpload, paddedPdf, spooled, storedVersusRows } from './files.js';
import { startLoad, summarize } from './load.js';
import { DRILL_PORTS } from './ports.js';

// Drill (issue 11 item 3): clients aborting uploads halfway. Over raw sockets, a client sends the
// request head and part of a 1 MB multipart body (cut early in the file, in its middle, or just
// before the closing boundary), then destroys the socket; meanwhile other uploads run at a fixed
// rate. No temporary file may stay in the spool, no request may hang (each aborted request's
// handler ends: its spool file is removed only then), no row or stored file may be left behind,
// and every complete upload must succeed.

const RATE = 2; // complete uploads a second, and as many aborted ones
const DURATION_MS = 10_000;
const TIMEOUT_MS = 15_000;
const FILE_BYTES = 1024 * 1024;
/** Where the body is cut: early in the file, halfway, just before the closing boundary. */
const CUTS = [0.1, 0.5, 0.999];

/** Sends the head and the first `cutAt` bytes of an upload, waits a moment, then destroys the socket. */
function abortedUpload(
  port: number,
  cookie: string,
  payload: Buffer,
  headers: Record<string, string>,
  cutAt: number,
): Promise<{ answered: string }> {
  return new Promise((resolve, reject) => {
    let answered = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/Qualification/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, cutAt), () =>
        setTimeout(() => {
          socket.destroy();
          resolve({ answered });
        }, 100),
      );
    });
    socket.on('data', (d) => (answered += d.toString('latin1').split('\r\n')[0]));
    socket.on('error', reject);
  });
}

describe('drill: clients aborting uploads halfway', () => {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-drill-abort-'));
  const log = logCapture();
  let t: TestApp;

  beforeAll(async () => {
    const database = await createTestDatabase();
    await seedReferenceData(database.db);
    t = await startInProcessApi(
      DRILL_PORTS.abortApi,
      database,
      { FILES_DIR: filesDir, UPLOAD_MAX_MB: '2' },
      { logStream: log.stream },
    );
  }, 60_000);
  afterAll(async () => {
    if (t && !t.app.server.listening) await t.database.close();
    else await t?.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves no temporary file, no hung request and nothing stored, while complete uploads go on', async () => {
    const who = await signInAs(t, 'abort.student@drills.test', 'Student');
    const profile = await client(t, who).post(
      '/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
      studentInfoBody('Abort'),
    );
    const studentId = (profile.body as { id: number }).id;
    const student = apiClient(t.baseUrl, who);
    const data = paddedPdf(FILE_BYTES);
    const { payload, headers } = certificateUpload(studentId, data);

    const aborted: { cut: number; answered: string }[] = [];
    const maxRequests = Math.ceil((RATE * DURATION_MS) / 1000) + 1;
    const complete = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests,
      timeoutMs: TIMEOUT_MS,
      next: () => ({
        kind: 'upload',
        send: (signal) => student.postRaw('/Qualification/upload', payload, headers, signal),
        check: (body) => (body as { fileId: string }).fileId,
      }),
    });
    const aborting = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests,
      timeoutMs: TIMEOUT_MS,
      next: (i) => ({
        kind: 'aborted',
        send: async () => {
          const cut = CUTS[i % CUTS.length]!;
          const { answered } = await abortedUpload(
            DRILL_PORTS.abortApi,
            who.cookie,
            payload,
            headers,
            Math.floor(payload.length * cut),
          );
          aborted.push({ cut, answered });
          return { status: 200, headers: new Headers(), body: undefined };
        },
      }),
    });
    const [outcomes] = await Promise.all([complete.done, aborting.done]);
    const lastAbort = performance.now();
    const figures = summarize('uploads aborted halfway (the complete uploads beside them)', outcomes);

    // Every aborted request's handler ends and removes its spool file (a hung one would keep it).
    const deadline = Date.now() + 10_000;
    while (spooled(filesDir).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const cleanMs = performance.now() - lastAbort;
    const leftInSpool = spooled(filesDir);
    const check = await storedVersusRows(t.database, filesDir);
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.value as string);
    console.log(
      [
        `  aborted uploads ${aborted.length} (cut at ${CUTS.map((c) => `${c * 100}%`).join(', ')} of a ${(payload.length / 1024 / 1024).toFixed(1)} MB body); ` +
          `answered before the cut: ${aborted.filter((a) => a.answered).length}`,
        `  spool empty ${Math.round(cleanMs)} ms after the last abort; temporary files left ${leftInSpool.length}, ` +
          `rows ${check.rows} for ${acknowledged.length} complete uploads, rows without bytes ${check.rowsWithoutBytes.length}, bytes without a row ${check.bytesWithoutRow.length}`,
      ].join('\n'),
    );

    expect(aborted.length).toBeGreaterThan(10);
    expect(leftInSpool).toEqual([]);
    expect(figures.failed, 'every complete upload beside the aborted ones succeeds').toBe(0);
    expect(check.rowsWithoutBytes).toEqual([]);
    expect(check.bytesWithoutRow).toEqual([]);
    expect(check.rows).toBe(acknowledged.length);
    // The server still answers at once, and its log shows no failure of ours (5xx).
    const me = await student.get('/auth/me');
    expect(me.status).toBe(200);
    expect(log.lines().filter((l) => l.level !== undefined && Number(l.level) >= 50)).toEqual([]);
    await expectPromptClose(t);
  }, 120_000);
});
