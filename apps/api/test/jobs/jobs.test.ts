// @both-databases: two processes claim one job through SKIP LOCKED and a lease (PostgreSQL only)
import { fork } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import { JobRunner } from '../../src/jobs/index.js';
import { TestClock } from '../clock.js';
import { createTestDatabase, testDbKind } from '../db.js';
import { createEffects, defineTestKinds, HOUR } from './kinds.js';

// Issue 19 item 4: one durable job table. A job runs once its time has come on the app's clock,
// once however often it is run and however many processes poll: on PostgreSQL two real child
// processes claim at the same moment; PGlite is one process's database, so there two runners of
// one process do.

const silent = { warn: () => {}, error: () => {}, info: () => {} };
const T = new Date('2026-03-02T09:00:00Z');
const at = (ms: number) => new Date(T.getTime() + ms);

let database: Database & { url?: string };
let runner: JobRunner;
let other: JobRunner;
const clock = new TestClock(T);

beforeAll(async () => {
  database = await createTestDatabase();
  await createEffects(database.db);
  runner = new JobRunner(database.db, clock, silent, 0);
  other = new JobRunner(database.db, clock, silent, 0);
  defineTestKinds(runner, database.db, 'one');
  defineTestKinds(other, database.db, 'two');
});
afterAll(() => database?.close());

type TEffect = { job_id: number; ran_at: string | Date; runner: string };
const effects = async (kind: string) => {
  const result = await database.db.execute(
    sql`select job_id, ran_at, runner from job_effects where kind = ${kind} order by id`,
  );
  return (result as unknown as { rows: TEffect[] }).rows;
};

type TTotals = { done: number; failed: number; retried: number };

/** Two runners claim at one moment: two child processes on PostgreSQL, two runners on PGlite. */
async function runInTwoProcesses(now: Date): Promise<TTotals[]> {
  if (!database.url) {
    clock.set(now);
    return Promise.all([runner.runDue(now), other.runDue(now)]);
  }
  const script = path.join(import.meta.dirname, 'runner-process.ts');
  const children = [0, 1].map(() =>
    fork(script, [database.url!, now.toISOString()], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const message = (child: (typeof children)[number]) =>
    new Promise<unknown>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`runner process exited (${code}) before answering`)));
    });
  await Promise.all(children.map(message)); // both ready: connected, kinds defined
  const answers = children.map(message);
  for (const child of children) child.send('go');
  return ((await Promise.all(answers)) as { totals: TTotals }[]).map((a) => a.totals);
}

const sum = (totals: TTotals[]) => totals.reduce((n, t) => n + t.done, 0);

// Each round on PostgreSQL starts two Node processes (tsx): generous under a loaded machine.
describe(`the job runner (${testDbKind()})`, { timeout: 180_000 }, () => {
  it('runs a one-off job once its time has passed: once, though run twice and in two processes', async () => {
    const deadline = at(2 * HOUR);
    const reminder = { kind: 'test.reminder', runAt: deadline, uniqueKey: 'application-7:deadline' };
    expect(await runner.schedule(database.db, reminder)).toBe(true);
    // Scheduling is idempotent: the same kind and key again changes nothing.
    expect(await other.schedule(database.db, { ...reminder, runAt: at(HOUR) })).toBe(false);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'test.reminder'))).toHaveLength(1);

    // A second before the deadline: nothing is due, for either runner.
    expect(sum([await runner.runDue(at(2 * HOUR - 1000)), await other.runDue(at(2 * HOUR - 1000))])).toBe(0);
    expect(await effects('test.reminder')).toEqual([]);

    // The clock crosses the deadline: two processes at once, then twice more here.
    expect(sum(await runInTwoProcesses(at(2 * HOUR + 1000)))).toBe(1);
    clock.set(at(2 * HOUR + 2000));
    expect((await runner.runDue()).done).toBe(0);
    expect((await other.runDue()).done).toBe(0);

    const ran = await effects('test.reminder');
    expect(ran).toHaveLength(1);
    // The job saw the runner's clock, not the database's or the machine's time.
    expect(new Date(ran[0]!.ran_at).toISOString()).toBe(at(2 * HOUR + 1000).toISOString());
    if (database.url) expect(ran[0]!.runner).toMatch(/^pid \d+$/);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.reminder'));
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(row!.finishedAt!.toISOString()).toBe(at(2 * HOUR + 1000).toISOString());
  });

  it('runs a recurring job once per interval, however many processes poll', async () => {
    await runner.ensureRecurring(T);
    await other.ensureRecurring(at(30 * 60_000)); // a later start-up keeps the row and its time
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.hourly'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.toISOString()).toBe(at(HOUR).toISOString());

    const here = async (now: Date) => [await runner.runDue(now), await other.runDue(now)];
    expect(sum(await here(at(HOUR - 1000)))).toBe(0);
    expect(sum(await runInTwoProcesses(at(HOUR + 1000)))).toBe(1);
    expect(sum(await here(at(HOUR + 2000)))).toBe(0);
    // The next run is due an interval after the last one, by the clock.
    expect(sum(await here(at(2 * HOUR + 500)))).toBe(0);
    expect(sum(await runInTwoProcesses(at(2 * HOUR + 1000)))).toBe(1);
    const ran = await effects('test.hourly');
    expect(ran.map((r) => new Date(r.ran_at).toISOString())).toEqual([
      at(HOUR + 1000).toISOString(),
      at(2 * HOUR + 1000).toISOString(),
    ]);
  });

  it('retries a failing job after a growing wait, then marks it failed with its error', async () => {
    expect(await runner.schedule(database.db, { kind: 'test.broken', runAt: T })).toBe(true);
    expect(await runner.runDue(at(0))).toMatchObject({ retried: 1 });
    let [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.broken'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'deliberately broken' });
    expect(row!.runAt.toISOString()).toBe(at(60_000).toISOString());
    expect(await runner.runDue(at(59_000))).toMatchObject({ retried: 0, failed: 0 });
    expect(await runner.runDue(at(60_000))).toMatchObject({ failed: 1 });
    [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.broken'));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'deliberately broken' });
    expect(await runner.runDue(at(10 * HOUR))).toMatchObject({ failed: 0, retried: 0 });
  });

  it('a crashed runner’s job is taken again when its lease runs out, not before', async () => {
    await runner.schedule(database.db, { kind: 'test.reminder', runAt: T, uniqueKey: 'crashed' });
    // A process claimed it (the lease is set) and died before finishing.
    await database.db
      .update(jobs)
      .set({ lockedUntil: at(5 * 60_000), attempts: 1 })
      .where(eq(jobs.uniqueKey, 'crashed'));
    expect((await runner.runDue(at(4 * 60_000))).done).toBe(0);
    expect((await runner.runDue(at(5 * 60_000))).done).toBe(1);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, 'crashed'));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('refuses a kind that is not defined, and a kind defined twice', async () => {
    await expect(runner.schedule(database.db, { kind: 'test.unknown', runAt: T })).rejects.toThrow(
      /not defined/,
    );
    expect(() => runner.define({ kind: 'test.reminder', run: async () => {} })).toThrow(/defined twice/);
  });
});
