// The API under test, in its own process (as in production) so the load generator does not share
// its event loop. Started by list-bench.ts over IPC: it reports its port, an admin's cookie and
// the SQL one request issues, then waits for 'stop'.
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
export type TReady = {
  port: number;
  cookie: string;
  captured: TCapturedRequest;
  sample: { status: number; body: string };
};

const url = process.env.BENCH_DB_URL!;
const path = process.env.BENCH_PATH!;
const body = process.env.BENCH_BODY!;

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
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;

const [admin] = await database.db
  .insert(users)
  .values({ issuer: 'bench', subject: 'admin@bench.local', email: 'admin@bench.local', role: 'Admin' })
  .returning({ id: users.id });
const cookie = `sid=${await createSession(database.db, admin!.id, config.session)}`;

const request = () =>
  app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/json' }, body });
await request(); // warm the code paths so the captured request is an ordinary one
capture = [];
const sample = await request();
const captured = capture;
capture = null;
pg.Pool.prototype.query = poolQuery as never;

process.send!({
  port,
  cookie,
  captured,
  sample: { status: sample.statusCode, body: sample.body },
} satisfies TReady);
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  await app.close();
  await database.close();
  process.exit(0);
});
