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
// before the closing boundary), then destroys the socket; another client sends as much and then
// goes silent with the connection left open (a phone losing its signal), which the server must
// end after UPLOAD_STALL_MS; meanwhile other uploads run at a fixed rate. No temporary file may
// stay in the spool, no request may hang (each aborted or stalled request's handler ends: its
// spool file is removed only then), no row or stored file may be left behind, and every complete
// upload must succeed.

const RATE = 2; // complete uploads a second, and as many aborted ones
const DURATION_MS = 10_000;
const TIMEOUT_MS = 15_000;
const FILE_BYTES = 1024 * 1024;
/** Where the body is cut: early in the file, halfway, just before the closing boundary. */
const CUTS = [0.1, 0.5, 0.999];
/** The server's UPLOAD_STALL_MS here, and how long a stalled client waits for the server to end it. */
const STALL_MS = 1000;
const STALL_WAIT_MS = 10_000;
const STALL_RATE = 1;

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

/**
 * Sends the head and the first `cutAt` bytes of an upload, then nothing, leaving the connection
 * open: resolves when the server closes it (with its answer's status line and how long after the
 * last byte), or after STALL_WAIT_MS with `closedAfterMs` null.
 */
function stalledUpload(
  port: number,
  cookie: string,
  payload: Buffer,
  headers: Record<string, string>,
  cutAt: number,
): Promise<{ answered: string; closedAfterMs: number | null }> {
  return new Promise((resolve, reject) => {
    let answered = '';
    let lastByte = 0;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/Qualification/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, cutAt), () => (lastByte = performance.now()));
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answered, closedAfterMs: null });
    }, STALL_WAIT_MS);
    socket.on('data', (d) => (answered ||= d.toString('latin1').split('\r\n')[0]!));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answered, closedAfterMs: lastByte ? performance.now() - lastByte : null });
    });
    socket.on('error', (err) => {
      // The server ending the connection is what is awaited; only a failed connect is a failure.
      if (!lastByte) reject(err);
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
};

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
      { FILES_DIR: filesDir, UPLOAD_MAX_MB: '2', UPLOAD_STALL_MS: String(STALL_MS) },
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
    const stalled: { cut: number; answered: string; closedAfterMs: number | null }[] = [];
    const stalling = startLoad({
      rate: STALL_RATE,
      durationMs: DURATION_MS,
      maxRequests: Math.ceil((STALL_RATE * DURATION_MS) / 1000) + 1,
      timeoutMs: STALL_WAIT_MS + 5000,
      next: (i) => ({
        kind: 'stalled',
        send: async () => {
          const cut = CUTS[i % CUTS.length]!;
          const result = await stalledUpload(
            DRILL_PORTS.abortApi,
            who.cookie,
            payload,
            headers,
            Math.floor(payload.length * cut),
          );
          stalled.push({ cut, ...result });
          return { status: 200, headers: new Headers(), body: undefined };
        },
      }),
    });
    const [outcomes] = await Promise.all([complete.done, aborting.done, stalling.done]);
    const lastAbort = performance.now();
    const figures = summarize('uploads aborted halfway (the complete uploads beside them)', outcomes);
    const endedMs = stalled.flatMap((s) => (s.closedAfterMs === null ? [] : [s.closedAfterMs]));

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
        `  stalled uploads ${stalled.length} (the same cuts, then silent; UPLOAD_STALL_MS ${STALL_MS}): ended by the server ${endedMs.length}, ` +
          `answered 408 ${stalled.filter((s) => / 408 /.test(s.answered)).length}; ended ${Math.round(percentile(endedMs, 50))} ms (median), ` +
          `${Math.round(Math.max(0, ...endedMs))} ms (max) after the last byte`,
      ].join('\n'),
    );

    expect(aborted.length).toBeGreaterThan(10);
    // Every stalled upload is ended by the server, not sooner than UPLOAD_STALL_MS, and not much later.
    expect(stalled.length).toBeGreaterThan(5);
    expect(endedMs).toHaveLength(stalled.length);
    expect(Math.min(...endedMs)).toBeGreaterThanOrEqual(STALL_MS - 50);
    expect(Math.max(...endedMs)).toBeLessThan(STALL_MS + 4000);
    for (const s of stalled) expect(s.answered).toMatch(/^(HTTP\/1\.1 408 .*)?$/);
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
