import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type TestApp } from '../app.js';
import { client, seedCatalogue, type TWho } from '../resources/helpers.js';
import { buildSubmittedApplication, createPdfApp, getPdf } from './helpers.js';

// Issue 10 item 2: generation is bounded. One renderer and a 50 ms wait: a burst gets 503 pdfBusy
// with Retry-After for what cannot wait, and the renderer serves the next request again.

let t: TestApp;
let admin: TWho;
let studentCourseId: number;

beforeAll(async () => {
  t = await createPdfApp({ PDF_CONCURRENCY: '1', PDF_QUEUE_WAIT_MS: '50' });
  admin = await signInAs(t, 'busy.admin@forms.test', 'Admin');
  const agent = await signInAs(t, 'busy.agent@forms.test', 'Agent');
  const cat = await seedCatalogue(client(t, admin), 'Busy');
  const built = await buildSubmittedApplication(t, client(t, agent), agent, {
    student: { firstName: 'Band', middleName: null, lastName: 'Oʻquvchi', email: 'band@mail.test' },
    guardian: { firstName: 'Ota', middleName: null, lastName: 'Oʻquvchi' },
    exam: 'Exam',
    institution: 'Lyceum',
    universityCourseIds: [cat.universityCourseId],
  });
  studentCourseId = built.studentCourseIds[0]!;
}, 120_000);
afterAll(() => t?.close());

describe('SECURITY 31: PDF_CONCURRENCY', () => {
  it('a burst beyond one renderer and its short wait gets 503 pdfBusy with Retry-After', async () => {
    // The first render also starts the worker (well over 50 ms), so the rest cannot wait it out.
    const results = await Promise.all(Array.from({ length: 6 }, () => getPdf(t, admin, studentCourseId)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const busy = results.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const r of busy) {
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json()).toMatchObject({ status: 503, code: 'pdfBusy' });
    }
    // Once the burst is over, the renderer is free again.
    expect((await getPdf(t, admin, studentCourseId)).statusCode).toBe(200);
  });
});

describe('the worker thread loads TypeScript', () => {
  it('also as the API runs it, under node --import tsx (vitest covers its own runner)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/application-forms/render-in-node.ts'],
      { cwd: path.resolve(import.meta.dirname, '../..'), timeout: 60_000 },
    );
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as { head: string; bytes: number };
    expect(out.head).toBe('%PDF-');
    expect(out.bytes).toBeGreaterThan(5000);
  });
});
