import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTimeoutMs } from '../../src/db/postgres-pool.js';
import { adminMix, apiClient, signIn, startApi, type TApiProcess } from './api.js';
import { startLoad, summarize } from './load.js';
import { DRILL_PORTS } from './ports.js';
import { startPostgres, type TPostgres } from './services.js';

// Drill (issue 11): PostgreSQL frozen under load. Unlike a stopped server, a frozen one (its
// processes SIGSTOPped; a hung host or a network partition looks the same) accepts TCP connections
// and answers nothing, so only time limits end the wait. The API runs as its own process with short
// limits (DATABASE_QUERY_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS) on a private PostgreSQL; a
// signed-in admin reads and writes at a fixed rate while every PostgreSQL process is stopped for a
// few seconds longer than the query limit, then continued. Users must see a 503 with Retry-After
// within the limits (no hang, no crash), service soon after the thaw, and every acknowledged write
// must still be there.

const RATE = 40; // requests a second: half session reads, a quarter lists, a quarter writes
const DURATION_MS = 20_000;
const FAULT_AT_MS = 5_000;
const QUERY_TIMEOUT_MS = 2_000;
const CONNECT_TIMEOUT_MS = 1_000;
const FROZEN_MS = QUERY_TIMEOUT_MS + 3_000;
const TIMEOUT_MS = 15_000; // an answer slower than this is a hang
/**
 * The longest a request may take: a wait for a connection, then one query's limit (the first query
 * that gets no answer fails the request), plus room for a loaded 2-core machine.
 */
const BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 3_000;
const RECOVER_MS = 5_000;

describe('drill: PostgreSQL frozen under load', () => {
  let pgServer: TPostgres;
  let api: TApiProcess;

  beforeAll(async () => {
    pgServer = await startPostgres({ port: DRILL_PORTS.frozenPostgres });
    api = await startApi(DRILL_PORTS.frozenApi, {
      DATABASE_URL: pgServer.url,
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      ADMIN_EMAILS: 'drill.admin@drills.test',
    });
  }, 120_000);
  afterAll(async () => {
    pgServer?.thaw();
    await api?.stop();
    await pgServer?.close();
  });

  it('answers 503 with Retry-After within the time limits while PostgreSQL is frozen, recovers after the thaw, loses no acknowledged write', async () => {
    const admin = apiClient(api.url, await signIn(api.url, 'drill.admin@drills.test', 'Admin'));
    let faultAt = 0;
    let backAt = 0;
    const load = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests: Math.ceil((RATE * DURATION_MS) / 1000) + 1,
      timeoutMs: TIMEOUT_MS,
      next: adminMix(admin, 'Frozen'),
    });

    await new Promise((r) => setTimeout(r, FAULT_AT_MS));
    faultAt = load.elapsed();
    const stopped = pgServer.freeze();
    await new Promise((r) => setTimeout(r, FROZEN_MS));
    pgServer.thaw();
    backAt = load.elapsed();
    const outcomes = await load.done;
    const figures = summarize('PostgreSQL frozen under load', outcomes, { faultAt, backAt });
    console.log(
      `  ${stopped} PostgreSQL processes stopped for ${FROZEN_MS} ms; limits: connect ${CONNECT_TIMEOUT_MS} ms, ` +
        `query ${QUERY_TIMEOUT_MS} ms (statement_timeout ${statementTimeoutMs(QUERY_TIMEOUT_MS)} ms)`,
    );

    // No crash, no hang: every answer within the limits, slow or not.
    expect(api.alive(), api.server.output().slice(-2000)).toBe(true);
    expect(outcomes.filter((o) => o.status === -1 || o.status === 0)).toEqual([]);
    expect(figures.slowestMs).toBeLessThan(BOUND_MS);
    // Before the freeze everything worked; while frozen, every failure is a clean 503.
    expect(outcomes.filter((o) => o.doneAt < faultAt && o.status !== 200)).toEqual([]);
    const failures = outcomes.filter((o) => o.status !== 200);
    expect(failures.length, 'the freeze was seen by the load').toBeGreaterThan(0);
    for (const f of failures) {
      expect(f, 'a failure is 503 serviceUnavailable with Retry-After').toMatchObject({
        status: 503,
        code: 'serviceUnavailable',
      });
      expect(Number(f.retryAfter)).toBeGreaterThan(0);
    }
    // Service again soon after the thaw, and from then on.
    expect(figures.recoveredMs).toBeLessThan(RECOVER_MS);
    expect(outcomes.filter((o) => o.sentAt > backAt + RECOVER_MS && o.status !== 200)).toEqual([]);

    // Every acknowledged write is there; the ones that failed left no half-written trace.
    const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 200).map((o) => o.value);
    const db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
    try {
      const found = await db.query<{ id: number }>('select id from universities where id = any($1::int[])', [
        acknowledged,
      ]);
      const lost = acknowledged.length - (found.rowCount ?? 0);
      const all = await db.query<{ n: number }>(
        "select count(*)::int as n from universities where name like 'Frozen University %'",
      );
      const failedWrites = outcomes.filter((o) => o.kind === 'write' && o.status !== 200).length;
      console.log(
        `  writes: ${outcomes.filter((o) => o.kind === 'write').length} sent, ${acknowledged.length} acknowledged, ` +
          `${failedWrites} refused (${all.rows[0]!.n - acknowledged.length} of them committed all the same), rows lost = ${lost}`,
      );
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(lost).toBe(0);
      // A refused write may have committed (its COMMIT went out before the freeze and the answer
      // never came back): never more rows than writes sent.
      expect(all.rows[0]!.n).toBeLessThanOrEqual(acknowledged.length + failedWrites);
    } finally {
      await db.end();
    }
  }, 120_000);
});
