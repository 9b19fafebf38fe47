// @both-databases: the pools' time limits and row-lock waits
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { statementTimeoutMs } from '../../src/db/postgres-pool.js';
import { isDatabaseUnavailable } from '../../src/http/error-log.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { client, seedCatalogue, studentInfoBody, type TClient } from '../resources/helpers.js';

// Issue 11: PostgreSQL's time limits (db/postgres-pool.ts). A statement that waits too long (on a
// lock another connection holds) is cancelled by the server's statement_timeout; a server that does
// not answer at all (frozen, a network partition: here a relay that stops passing bytes) is left
// by the client's query and connect limits. Either way the request gets a fast 503 with
// Retry-After, its transaction is rolled back, and the pool is whole again afterwards.
// PostgreSQL only: PGlite runs in the process and cannot freeze.

const onPostgres = testDbKind() === 'postgres';
const TIMEOUTS = { connectMs: 500, queryMs: 1_000 };
/** Time limits plus room for a loaded 2-core machine. */
const FAST_MS = TIMEOUTS.connectMs + TIMEOUTS.queryMs + 1_500;
/** Without the limits the requests wait for this: the test then fails instead of hanging. */
const LET_GO_MS = 6_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app again, on its own pool (with short limits) to `url`, as a second API process would be. */
async function appOn(url: string) {
  const database = await openDatabase({ url, poolSize: 2, timeouts: TIMEOUTS, onConnectionError: () => {} });
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '3999',
    DATA_DIR: '/tmp/uniapply-test-unused',
    MAIL_POLL_MS: '0',
    RATE_LIMIT_MAX: '100000',
  });
  const app = await buildApp({ config, database, logger: false });
  const t: TestApp = {
    app,
    database,
    baseUrl: 'http://127.0.0.1:3999',
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return t;
}

/** A TCP relay to PostgreSQL that can freeze: connections stay open and nothing passes either way. */
function freezableRelay(port: number) {
  const links = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held: net.Socket[] = [];
  let frozen = false;
  const link = (client: net.Socket) => {
    const upstream = net.connect(port, '127.0.0.1');
    const pair = { client, upstream };
    links.add(pair);
    for (const s of [client, upstream]) s.on('error', () => s.destroy());
    client.pipe(upstream).pipe(client);
    client.on('close', () => {
      upstream.destroy();
      links.delete(pair);
    });
    upstream.on('close', () => client.destroy());
  };
  const server = net.createServer((client) => {
    if (!frozen) return link(client);
    // Accepted (as the kernel does for a stopped server) but never answered until the thaw.
    client.on('error', () => client.destroy());
    held.push(client);
  });
  return {
    start: () =>
      new Promise<number>((resolve) => {
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
      }),
    freeze() {
      frozen = true;
      for (const { client, upstream } of links) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      if (!frozen) return;
      frozen = false;
      for (const { client, upstream } of links) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const client of held.splice(0)) if (!client.destroyed) link(client);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const { client, upstream } of links) {
          client.destroy();
          upstream.destroy();
        }
        for (const client of held.splice(0)) client.destroy();
      }),
  };
}

describe('the time limits', () => {
  it('the server-side statement timeout is a little below the client-side query timeout', () => {
    expect(statementTimeoutMs(10_000)).toBe(9_000);
    expect(statementTimeoutMs(1_000)).toBe(900);
    expect(statementTimeoutMs(100)).toBe(90);
  });
});

describe.runIf(onPostgres)('item 32: a write waiting on a lock, a frozen PostgreSQL', () => {
  let t: TestApp;
  let short: TestApp;
  let frozenApp: TestApp;
  const relay = freezableRelay(
    Number(new URL(process.env.TEST_DATABASE_URL || 'postgres://x@127.0.0.1:5432/x').port || 5432),
  );
  let studentWho: SignedIn;
  let studentId: number;
  let universityCourseId: number;

  beforeAll(async () => {
    t = await createTestApp(); // a fresh database, default limits: signs people in over HTTP
    const url = new URL((t.database as Database & { url?: string }).url!);
    short = await appOn(url.toString());
    url.hostname = '127.0.0.1';
    url.port = String(await relay.start());
    frozenApp = await appOn(url.toString());
    const admin = client(t, await signInAs(t, 'timeouts.admin@example.test', 'Admin'));
    universityCourseId = (await seedCatalogue(admin, 'Timeouts')).universityCourseId;
    studentWho = await signInAs(t, 'timeouts.student@example.test', 'Student');
    const saved = await client(t, studentWho).post(
      '/StudentInfo/CreateOrUpdate?studentId=0&stage=2',
      studentInfoBody('Timeouts'),
    );
    expect(saved.status, saved.text).toBe(200);
    studentId = (saved.body as { id: number }).id;
  });
  afterAll(async () => {
    relay.thaw();
    await frozenApp?.close();
    await short?.close();
    await relay.stop();
    await t?.close();
  });

  const counts = async () => {
    const c = new pg.Client({ connectionString: (t.database as Database & { url?: string }).url });
    await c.connect();
    try {
      const courses = await c.query('select count(*)::int as n from student_courses where student_id = $1', [
        studentId,
      ]);
      const stage = await c.query('select step from application_stages where student_id = $1', [studentId]);
      return { courses: courses.rows[0].n as number, stage: stage.rows[0]?.step as number };
    } finally {
      await c.end();
    }
  };

  it('a write waiting on a row lock: 503 with Retry-After within the limit, nothing of it written', async () => {
    const student: TClient = client(short, studentWho);
    // Another connection holds the student's stage row; the course selection inserts its rows,
    // then waits to raise the stage.
    const locker = new pg.Client({ connectionString: (t.database as Database & { url?: string }).url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select step from application_stages where student_id = $1 for update', [studentId]);
    const letGo = setTimeout(() => locker.query('rollback').catch(() => {}), LET_GO_MS);
    const started = performance.now();
    const res = await student.post(`/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, [
      universityCourseId,
    ]);
    const ms = performance.now() - started;
    clearTimeout(letGo);
    await locker.query('rollback');
    await locker.end();

    expect(res.status, res.text).toBe(503);
    expect(res.body).toMatchObject({ status: 503, code: 'serviceUnavailable' });
    expect(res.text).not.toMatch(/select|insert|application_stages|stack/i);
    expect(ms).toBeLessThan(FAST_MS);
    // The transaction was rolled back: the rows inserted before the wait are gone.
    expect(await counts()).toEqual({ courses: 0, stage: 2 });
    // The connection is fine afterwards (the server cancelled the statement, not the session).
    const again = await student.post(`/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, [
      universityCourseId,
    ]);
    expect(again.status, again.text).toBe(200);
    // Saved; the stage stays at the first unsaved step (the guardian), as a save records it.
    expect(await counts()).toEqual({ courses: 1, stage: 2 });
  });

  it('a frozen server: requests and transactions fail fast with 503, and all work again after the thaw', async () => {
    const me = () => frozenApp.app.inject({ url: '/api/auth/me', headers: studentWho.headers });
    const transaction = () => frozenApp.database.db.transaction((tx) => tx.execute(sql`select 1`));
    expect((await me()).statusCode).toBe(200);
    // Two open, idle connections in the pool when it freezes.
    await Promise.all([1, 2].map(() => frozenApp.database.db.execute(sql`select pg_sleep(0.05)`)));

    relay.freeze();
    const letGo = setTimeout(() => relay.thaw(), LET_GO_MS);
    const started = performance.now();
    // Transactions whose `begin` gets no answer (drizzle sends it outside its try/finally).
    const transactions = await Promise.allSettled([1, 2].map(() => transaction()));
    const transactionsMs = performance.now() - started;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => {
        const sent = performance.now();
        const res = await me();
        return { res, ms: performance.now() - sent };
      }),
    );
    const ready = await frozenApp.app.inject({ url: '/api/ready' });
    clearTimeout(letGo);
    relay.thaw();

    expect(transactions.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of transactions)
      expect(isDatabaseUnavailable((r as PromiseRejectedResult).reason), String(r)).toBe(true);
    expect(transactionsMs).toBeLessThan(FAST_MS);
    for (const { res, ms } of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, code: 'serviceUnavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(ms).toBeLessThan(FAST_MS);
    }
    expect(ready.statusCode).toBe(503);

    // Back: no connection was lost to the pool (two of two in use for ever would time out here).
    let back = await me();
    for (let i = 0; i < 10 && back.statusCode === 503; i++) {
      await wait(200);
      back = await me();
    }
    expect(back.statusCode, back.body).toBe(200);
    await expect(Promise.all([1, 2, 3, 4].map(() => transaction()))).resolves.toHaveLength(4);
    const after = await Promise.all([1, 2, 3, 4].map(() => me()));
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });
});
