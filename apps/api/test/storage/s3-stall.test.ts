import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.js';
import { type SignedIn, signInAs } from '../app.js';
import { createDocsApp, download, MAX_BYTES, upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { logCapture } from '../log-capture.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { range, S3StandIn } from './s3-stand-in.js';
import { StallingProxy } from './stalling-proxy.js';

// The S3 driver when the store goes silent in the middle of a download (s3rver behind a proxy that
// stalls the answer's body): the download ends within S3_TIMEOUT_MS (the SDK's socket time limit)
// with the storage error instead of hanging: `503 storageUnavailable` while nothing was sent yet,
// a cut-off download once the file's head and first bytes are out; the API goes on serving.
// Ports: s3rver 3770-3774, the proxy 3775-3779.

const TIMEOUT_MS = 500;
/** How much later than S3_TIMEOUT_MS the download may end on a loaded machine. */
const SLACK_MS = 3000;

let s3: S3StandIn;
let proxy: StallingProxy;
let t: Awaited<ReturnType<typeof createDocsApp>>;
let student: SignedIn;
let fileId: string;
const data = pdfFile(MAX_BYTES - 2000);
const log = logCapture();

beforeAll(async () => {
  s3 = await new S3StandIn().start();
  proxy = await new StallingProxy(s3.url, range(3775, 3779)).start();
  t = await createDocsApp(
    {
      STORAGE: 's3',
      ...s3.env({ S3_ENDPOINT: proxy.url, S3_TIMEOUT_MS: String(TIMEOUT_MS), S3_MAX_ATTEMPTS: '2' }),
      LOG_LEVEL: 'info',
    },
    { logStream: log.stream },
  );
  student = await signInAs(t, 's3-stall@documents.test', 'Student');
  await client(t, student).post('/StudentInfo/add', studentInfoBody('Stall'));
  const up = await upload(t, student, '/Qualification/upload', {
    file: { filename: 'transcript.pdf', data },
  });
  expect(up.status).toBe(200);
  fileId = (up.body as { fileId: string }).fileId;
});
afterEach(() => {
  proxy.stallGetBodyAfter = null;
  proxy.hang = false;
});
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await s3?.close();
});

/** A download over a real connection: what arrived, whether it was whole, and when it ended. */
function httpDownload(id: string) {
  return new Promise<{ status: number; length: number; received: number; complete: boolean; ms: number }>(
    (resolve, reject) => {
      const started = performance.now();
      const req = http.get(
        `${t.baseUrl}/api/Document/downloadByFileId/${id}`,
        { headers: { cookie: student.cookie } },
        (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.on('error', () => {});
          res.on('close', () => {
            clearTimeout(giveUp);
            resolve({
              status: res.statusCode ?? 0,
              length: Number(res.headers['content-length']),
              received,
              complete: res.complete,
              ms: performance.now() - started,
            });
          });
        },
      );
      const giveUp = setTimeout(() => req.destroy(new Error('the download hung')), TIMEOUT_MS + 10_000);
      req.on('error', reject);
    },
  );
}

const s3Warnings = () => log.lines().filter((l) => String(l.msg).startsWith('S3 '));

describe('an S3 download whose body stalls', { timeout: 60_000 }, () => {
  it('ends the driver’s stream with 503 storageUnavailable within the time limit', async () => {
    const [row] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    proxy.stallGetBodyAfter = Math.floor(data.length / 2);
    const silencedBefore = proxy.silenced;
    const stream = await t.app.storage.driver.get(row!.driverKey);
    const started = performance.now();
    await expect(buffer(stream!)).rejects.toMatchObject({ status: 503, code: 'storageUnavailable' });
    const ms = performance.now() - started;
    expect(proxy.silenced).toBe(silencedBefore + 1);
    expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(s3Warnings().at(-1)).toMatchObject({ call: 'getObject', msg: 'S3 download broke off' });
    expect(String(s3Warnings().at(-1)!.reason)).toMatch(/timed out/);
  });

  it('cuts the download off (no hang) once half the file is out, and the API goes on', async () => {
    proxy.stallGetBodyAfter = Math.floor(data.length / 2);
    const cut = await httpDownload(fileId);
    console.log(
      `  S3 body stalled after ${proxy.stallGetBodyAfter} of ${data.length} bytes: the download ended ` +
        `${Math.round(cut.ms)} ms after it started (S3_TIMEOUT_MS ${TIMEOUT_MS}), ${cut.received} bytes received`,
    );
    expect(cut.status).toBe(200);
    expect(cut.length).toBe(data.length);
    expect(cut.complete).toBe(false);
    expect(cut.received).toBeLessThan(data.length);
    expect(cut.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);

    proxy.stallGetBodyAfter = null;
    const whole = await httpDownload(fileId);
    expect(whole).toMatchObject({ status: 200, received: data.length, complete: true });
    expect((await download(t, student, fileId)).rawPayload).toEqual(data);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The store's address, bucket and keys stay in the server.
    expect(JSON.stringify(s3Warnings())).not.toMatch(/S3RVER|uniapply-test\//);
  });

  it('answers 503 storageUnavailable when the body stalls before its first byte', async () => {
    proxy.stallGetBodyAfter = 0;
    const started = performance.now();
    const res = await download(t, student, fileId);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toMatchObject({ status: 503, code: 'storageUnavailable' });
  });

  it('answers 503 storageUnavailable when the store takes the request and never answers', async () => {
    proxy.hang = true;
    const started = performance.now();
    const res = await download(t, student, fileId);
    // Two attempts of S3_TIMEOUT_MS each, with the SDK's back-off between them.
    expect(performance.now() - started).toBeLessThan(2 * TIMEOUT_MS + SLACK_MS);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'storageUnavailable' });
    proxy.hang = false;
    expect((await download(t, student, fileId)).rawPayload).toEqual(data);
  });
});
