import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMix, apiClient, signIn, startApi, type TApiProcess } from './api.js';
import { startLoad, summarize } from './load.js';
import { DRILL_PORTS } from './ports.js';
import { startPostgres, type TPostgres } from './services.js';

// Drill (issue 11 item 3): PostgreSQL restarted under load. The API runs as its own process on a
// private PostgreSQL server; a signed-in admin reads and writes at a fixed rate while the server
// is killed (`pg_ctl stop -m immediate`: no checkpoint, like a crash), stays away for 3 s and
// starts again. Users must see a fast 503 with Retry-After while it is away (no hang, no crash),
// service within seconds after, and every write acknowledged before the crash must still be there.

const RATE = 40; // requests a second: half session reads, a quarter lists, a quarter writes
const DURATION_MS = 20_000;
const FAULT_AT_MS = 5_000;
const AWAY_MS = 3_000;
const TIMEOUT_MS = 10_000; // an answer slower than this is a hang
/** Generous bounds for a loaded 2-core machine; the test prints the real figures. */
const FAIL_FAST_MS = 5_000;
const RECOVER_MS = 10_000;

describe('drill: PostgreSQL restarted under load', () => {
  let pgServer: TPostgres;
  let api: TApiProcess;

  beforeAll(async () => {
    pgServer = await startPostgres({ port: DRILL_PORTS.postgres });
    api = await startApi(DRILL_PORTS.api, {
      DATABASE_URL: pgServer.url,
      ADMIN_EMAILS: 'drill.admin@drills.test',
    });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await pgServer?.close();
  });

  it('answers 503 with Retry-After fast while PostgreSQL is away, recovers within seconds, loses no acknowledged write', async () => {
    const admin = apiClient(api.url, await signIn(api.url, 'drill.admin@drills.test', 'Admin'));
    let faultAt = 0;
    let backAt = 0;
    const load = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests: Math.ceil((RATE * DURATION_MS) / 1000) + 1,
      timeoutMs: TIMEOUT_MS,
      next: adminMix(admin, 'Drill'),
    });

    await new Promise((r) => setTimeout(r, FAULT_AT_MS));
    faultAt = load.elapsed();
    await pgServer.stop('immediate');
    await new Promise((r) => setTimeout(r, AWAY_MS));
    await pgServer.start();
    backAt = load.elapsed();
    const outcomes = await load.done;
    const figures = summarize('PostgreSQL restarted under load', outcomes, { faultAt, backAt });

    // No crash, no hang.
    expect(api.alive(), api.server.output().slice(-2000)).toBe(true);
    expect(outcomes.filter((o) => o.status === -1 || o.status === 0)).toEqual([]);
    // Before the fault everything worked; while away, every failure is a fast, clean 503.
    expect(outcomes.filter((o) => o.sentAt < faultAt && o.doneAt < faultAt && o.status !== 200)).toEqual([]);
    const failures = outcomes.filter((o) => o.status !== 200);
    expect(failures.length, 'the outage was seen by the load').toBeGreaterThan(0);
    for (const f of failures) {
      expect(f, 'a failure is 503 serviceUnavailable with Retry-After').toMatchObject({
        status: 503,
        code: 'serviceUnavailable',
      });
      expect(Number(f.retryAfter)).toBeGreaterThan(0);
    }
    expect(figures.slowestFailureMs).toBeLessThan(FAIL_FAST_MS);
    // Service again within seconds after PostgreSQL is back, and from then on.
    expect(figures.recoveredMs).toBeLessThan(RECOVER_MS);
    expect(outcomes.filter((o) => o.sentAt > backAt + RECOVER_MS && o.status !== 200)).toEqual([]);

    // Every acknowledged write is still there after the crash.
    const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.value);
    const db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
    try {
      const found = await db.query<{ id: number }>('select id from universities where id = any($1::int[])', [
        acknowledged,
      ]);
      const lost = acknowledged.length - (found.rowCount ?? 0);
      console.log(
        `  writes: ${outcomes.filter((o) => o.kind === 'write').length} sent, ${acknowledged.length} acknowledged, rows lost = ${lost}`,
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(lost).toBe(0);
    } finally {
      await db.end();
    }
  }, 120_000);
});
