// @both-databases: PostgreSQL going away under the pools
import net from 'node:net';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { describeErrorForLog, isDatabaseUnavailable } from '../../src/http/error-log.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';

// PostgreSQL only: PGlite runs in the process and cannot go away.
const onPostgres = testDbKind() === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

/** Ends every other connection to `database` the way an operator (or a restart) does. */
async function terminateBackends(database: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const currentDatabase = async (database: Database) => {
  const rows = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
  return (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1 where x = $1', ['AB1234567'], cause);

describe('SECURITY 32: which errors mean "the database is unavailable"', () => {
  it.each([
    ['57P01 admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', withCode('57P02')],
    ['57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection_failure', withCode('08006')],
    ['08001 unable to connect', withCode('08001')],
    ['ECONNREFUSED', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', withCode('ECONNRESET')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['both addresses refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['57P01 inside a failed query', wrapped(withCode('57P01'))],
    ['57014 statement timeout', wrapped(withCode('57014', 'canceling statement due to statement timeout'))],
    ['25P03 idle in transaction too long', withCode('25P03')],
    ['53300 too many connections', withCode('53300', 'sorry, too many clients already')],
    ["pg's query_timeout (no answer)", wrapped(new Error('Query read timeout'))],
    ['a query on a client ended after a timeout', new Error('Client was closed and is not queryable')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
  ])('%s: yes', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['23505 unique_violation', wrapped(withCode('23505', 'duplicate key value'))],
    ['42703 undefined_column', wrapped(withCode('42703'))],
    ['a programming error', new TypeError('x is not a function')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('item 33: a failed query is described without its SQL parameters or quoted values', () => {
    const err = wrapped(
      Object.assign(new Error('invalid input syntax for type integer: "AB1234567"'), {
        code: '22P02',
        severity: 'ERROR',
        routine: 'pg_strtoint32_safe',
      }),
    );
    const described = describeErrorForLog(err);
    expect(JSON.stringify(described)).not.toContain('AB1234567');
    expect(described).toMatchObject({
      type: 'DrizzleQueryError',
      code: '22P02',
      db: { code: '22P02', routine: 'pg_strtoint32_safe' },
    });
  });
});

describe.runIf(onPostgres)('item 32: PostgreSQL connections terminated mid-run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('item 32: pg_terminate_backend on the pool does not end the process; service resumes', async () => {
    const user = await signInAs(t, 'outage@example.test', 'Student');
    // Fill the pool with idle connections, then cut them all.
    await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ url: '/api/auth/me', headers: user.headers })),
    );
    expect(await terminateBackends(await currentDatabase(t.database))).toBeGreaterThan(0);
    await wait(300); // the idle clients see their sockets close (an 'error' on the pool)
    let res = await t.app.inject({ url: '/api/auth/me', headers: user.headers });
    for (let i = 0; i < 5 && res.statusCode === 503; i++) {
      await wait(200);
      res = await t.app.inject({ url: '/api/auth/me', headers: user.headers });
    }
    expect(res.statusCode, res.body).toBe(200);
  });
});

/** A TCP relay to PostgreSQL that can be "restarted": stop() cuts every connection and refuses new ones. */
function relay(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let listenPort = 0;
  return {
    start: () =>
      new Promise<number>((resolve) => {
        server.listen(listenPort, '127.0.0.1', () => {
          listenPort = (server.address() as net.AddressInfo).port;
          resolve(listenPort);
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

describe.runIf(onPostgres)('item 32: PostgreSQL away and back', () => {
  let t: TestApp;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const proxy = relay(Number(new URL(adminUrl || 'postgres://x@127.0.0.1:5432/x').port || 5432));
  beforeAll(async () => {
    t = await createTestApp(); // creates and migrates a fresh database
    const url = new URL(adminUrl);
    url.port = String(await proxy.start());
    url.hostname = '127.0.0.1';
    url.pathname = `/${await currentDatabase(t.database)}`;
    database = await openDatabase({ url: url.toString(), poolSize: 2, onConnectionError: () => {} });
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '3999' });
    app = await buildApp({ config, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.stop();
    await t.close();
  });

  const me = () => app.inject({ url: '/api/auth/me', headers: { cookie: 'sid=not-a-session' } });

  it('item 32: requests get 503 problem+json with Retry-After while away, and work again after', async () => {
    expect((await me()).statusCode).toBe(401); // the session lookup reached the database
    await proxy.stop();
    const away = await me();
    expect(away.statusCode, away.body).toBe(503);
    expect(away.headers['content-type']).toContain('application/problem+json');
    expect(Number(away.headers['retry-after'])).toBeGreaterThan(0);
    expect(away.json()).toMatchObject({ status: 503, code: 'serviceUnavailable' });
    expect(away.body).not.toMatch(/select|sessions|stack/i);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);

    await proxy.start();
    let back = await me();
    for (let i = 0; i < 5 && back.statusCode === 503; i++) {
      await wait(200);
      back = await me();
    }
    expect(back.statusCode, back.body).toBe(401);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});
