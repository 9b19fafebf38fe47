// @both-databases: the sweep and mail jobs claimed with SKIP LOCKED on either database
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, jobs } from '../../src/db/schema/index.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { TestClock } from '../clock.js';
import { testDbKind } from '../db.js';
import { createDocsApp, upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { HOUR } from './kinds.js';

// Issue 19 item 4 in the app: the files sweep is the recurring job 'files.sweep', its waiting time
// the admin's setting unattachedUploadHours, its time the app's clock (a test moves it).

let t: TestApp & { filesDir: string };
let admin: SignedIn;
let agent: SignedIn;
let studentId: number;
const clock = new TestClock(new Date());

beforeAll(async () => {
  t = await createDocsApp({}, { clock });
  admin = await signInAs(t, 'admin@jobs-app.test', 'Admin');
  agent = await signInAs(t, 'agent@jobs-app.test', 'Agent');
  studentId = (
    (await client(t, agent).post('/StudentInfo/add', studentInfoBody('Sweep'))).body as { id: number }
  ).id;
});
afterAll(() => t?.close());

describe(`jobs and settings in the app (${testDbKind()})`, () => {
  it('GET /api/Settings answers the defaults; PUT changes them within their bounds', async () => {
    const c = client(t, admin);
    expect((await c.get('/Settings')).body).toEqual(DEFAULT_SETTINGS);
    expect((await c.put('/Settings', { ...DEFAULT_SETTINGS, unattachedUploadHours: 100_000 })).status).toBe(
      400,
    );
    expect((await c.put('/Settings', { reminderLeadDays: 3 })).status).toBe(400);
    expect((await c.get('/Settings')).body).toEqual(DEFAULT_SETTINGS);
    // Agents and students may not read them (the route matrix covers every role).
    expect((await client(t, agent).get('/Settings')).status).toBe(403);
  });

  it('sweeps an unreferenced upload once the clock passes the admin’s waiting time, once', async () => {
    const started = clock.now();
    const [sweep] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'files.sweep'));
    expect(sweep).toMatchObject({ status: 'pending', everyMs: HOUR, uniqueKey: 'files.sweep' });
    expect(sweep!.runAt.getTime()).toBe(started.getTime() + HOUR);

    const changed = await client(t, admin).put('/Settings', {
      ...DEFAULT_SETTINGS,
      unattachedUploadHours: 48,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ ...DEFAULT_SETTINGS, unattachedUploadHours: 48 });

    const res = await upload(t, agent, '/Qualification/upload', {
      file: { filename: 'lost.pdf', data: pdfFile() },
      query: `studentId=${studentId}`,
    });
    expect(res.status).toBe(200);
    const { fileId } = res.body as { fileId: string };
    const kept = async () =>
      (await t.database.db.select().from(files).where(eq(files.id, fileId))).length === 1 &&
      fs.existsSync(path.join(t.filesDir, String(studentId), fileId));

    // Other hourly kinds (the reminders) run beside the sweep: follow the sweep's own row.
    const sweepDueAt = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'files.sweep')))[0]!.runAt.getTime();
    // The sweep is not due before the first hour (the offer-lapse job, every 10 minutes, may run).
    clock.set(new Date(started.getTime() + HOUR - 1000));
    await t.app.jobs.runDue();
    expect(await sweepDueAt()).toBe(started.getTime() + HOUR);
    // 25 hours on: the default's 24 hours have passed, the admin's 48 have not.
    clock.set(new Date(started.getTime() + 25 * HOUR));
    expect((await t.app.jobs.runDue()).done).toBeGreaterThanOrEqual(1);
    expect(await sweepDueAt()).toBe(started.getTime() + 26 * HOUR);
    expect(await kept()).toBe(true);
    // 49 hours on: gone, rows and bytes; run again at once, the job is not due and nothing changes.
    clock.set(new Date(started.getTime() + 49 * HOUR));
    expect((await t.app.jobs.runDue()).done).toBeGreaterThanOrEqual(1);
    expect(await sweepDueAt()).toBe(started.getTime() + 50 * HOUR);
    // At once again: nothing is due (every recurring job has moved on past this instant).
    expect((await t.app.jobs.runDue()).done).toBe(0);
    expect(await kept()).toBe(false);
    const [after] = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'files.sweep'));
    expect(after!.runAt.getTime()).toBe(started.getTime() + 50 * HOUR);
    expect(after).toMatchObject({ attempts: 0, lastError: null, lockedUntil: null });
  });
});
