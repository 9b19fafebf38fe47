// The API under test, in its own process (as in production) so the load generator does not share
// its event loop. Started by list-bench.ts over IPC: it reports its port, an admin's cookie and students' cookies,
// answers `{ capture: bodies }` with the SQL each body's request issues (for the raw SQL replay),
// and stops on 'stop'. CATALOGUE_CACHE in its environment turns the catalogue cache on or off.
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { createSession } from '../src/http/session-store.js';

export type TCapturedQuery = { text: string; params: unknown[] };
/** Queries sent together (Promise.all) form one group; groups run one after the other. */
export type TCapturedRequest = TCapturedQuery[][];
/** `cookie`: the admin's (the SQL capture); `cookies`: BENCH_SESSIONS students', one per simulated browser. */
export type TReady = { port: number; cookie: string; cookies: string[] };
/** Per body: the SQL its request issued, and the answer. */
export type TCaptured = { captured: TCapturedRequest[]; samples: { status: number; body: string }[] };

const url = process.env.BENCH_DB_URL!;
const path = process.env.BENCH_PATH!;

// Two queries belong together when the second was sent while the first was still running (the
// engine's Promise.all); count the queries in flight at the pool, which drizzle calls for each one.
let inFlight = 0;
const poolQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  inFlight++;
  const done = () => inFlight--;
  const result = poolQuery.apply(this, args) as Promise<unknown> | undefined;
  if (result && typeof result.then === 'function') result.then(done, done);
  else done(); // callback form: not used by drizzle
  return result;
} as never;

let capture: TCapturedRequest | null = null;
const logger: Logger = {
  logQuery(text, params) {
    if (!capture) return;
    if (inFlight > 0 && capture.length > 0) capture.at(-1)!.push({ text, params });
    else capture.push([{ text, params }]);
  },
};

const database = await openDatabase({
  url,
  logger,
  poolSize: Number(process.env.BENCH_API_POOL ?? 10),
});
const config = readConfig({
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  SEED_DEMO: 'false',
  // One admin sends every request: the per-user limit would turn the bench into a 429 count.
  RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT!,
  RATE_LIMIT_ANONYMOUS_MAX: process.env.BENCH_RATE_LIMIT!,
  CATALOGUE_CACHE: process.env.CATALOGUE_CACHE ?? 'on',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;

const [admin] = await database.db
  .insert(users)
  .values({ issuer: 'bench', subject: 'admin@bench.local', email: 'admin@bench.local', role: 'Admin' })
  // The bench starts the API more than once on one database (cache on and off): one admin.
  .onConflictDoUpdate({ target: [users.issuer, users.subject], set: { role: 'Admin' } })
  .returning({ id: users.id });
const cookie = `sid=${await createSession(database.db, admin!.id, config.session)}`;
// Many students browsing, each with a session of their own (the session lookups of concurrent
// requests are batched into one query, so one shared session would flatter the figures).
const students = await database.db
  .insert(users)
  .values(
    Array.from({ length: Number(process.env.BENCH_SESSIONS ?? 1000) }, (_, i) => ({
      issuer: 'bench',
      subject: `student${i}@bench.local`,
      email: `student${i}@bench.local`,
      role: 'Student' as const,
    })),
  )
  .onConflictDoUpdate({ target: [users.issuer, users.subject], set: { role: 'Student' } })
  .returning({ id: users.id });
const cookies: string[] = [];
for (const s of students) cookies.push(`sid=${await createSession(database.db, s.id, config.session)}`);

const request = (body: string) =>
  app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/json' }, body });

/** Each body's request once, with its SQL captured (the first warms the code paths up). */
async function captureAll(bodies: string[]): Promise<TCaptured> {
  await request(bodies[0]!);
  const result: TCaptured = { captured: [], samples: [] };
  for (const body of bodies) {
    capture = [];
    const sample = await request(body);
    result.captured.push(capture);
    result.samples.push({ status: sample.statusCode, body: sample.body });
  }
  capture = null;
  return result;
}

process.send!({ port, cookie, cookies } satisfies TReady);
process.on('message', async (msg: 'stop' | 'stats' | { capture: string[] }) => {
  if (msg === 'stats') {
    const cache = app.catalogueCache;
    process.send!({
      ...cache.stats,
      entries: cache.answers.size,
      kilobytes: Math.round(cache.answers.bytes / 1024),
    });
    return;
  }
  if (msg === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
  // Restored after capturing: the pool's query counter is for grouping captured queries only.
  const result = await captureAll(msg.capture);
  pg.Pool.prototype.query = poolQuery as never;
  process.send!(result);
});
