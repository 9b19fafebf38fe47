// `npm run bench:list`: the students' course picker (spec 7.2 `UniversityCourse/getListByPage`)
// through the whole API, with the catalogue cache and without it (CATALOGUE_CACHE=off), beside the
// same SQL sent straight through `pg` (the raw SQL replay). Requests are drawn from 1,000 filter
// and page combinations with Zipf-like weights (list-queries.ts), not one repeated query.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server; a database `uniapply_bench` is created on
// it and dropped at the end), BENCH_ROWS (100000), BENCH_CONNECTIONS (100), BENCH_DURATION (20 s),
// BENCH_WARMUP (3 s), BENCH_API_POOL (the API's pool size, 10 as in production), BENCH_KEEP_DB=1,
// BENCH_PROFILE=<dir>, BENCH_SESSIONS (1000: students signed in, each request from one of them), BENCH_SQL_POOL (20: the raw replay's connections), BENCH_SIDES (`cached,uncached,sql`: which to run).
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.js';
import type { TCaptured, TReady } from './api-server.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { benchBodies, zipfSampler } from './list-queries.js';
import { percentile, replaySql } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const rows = Number(env.BENCH_ROWS ?? 100_000);
const connections = Number(env.BENCH_CONNECTIONS ?? 100);
const duration = Number(env.BENCH_DURATION ?? 20);
const warmup = Number(env.BENCH_WARMUP ?? 3);
/**
 * The replay's PostgreSQL connections: the shared server's max_connections (100) is below 100 plus
 * what other work holds, so the 100 workers share a pool (as the API's 100 clients share its 10).
 */
const sqlPool = Number(env.BENCH_SQL_POOL ?? 20);
const sides = new Set((env.BENCH_SIDES ?? 'cached,uncached,sql').split(','));
const route = '/api/UniversityCourse/getListByPage';
/** The API's rate limits (per minute) during the bench: far above what the load generator sends. */
const rateLimit = 1_000_000_000;
const bodies = benchBodies();

class BenchFailure extends Error {}
const ms = (n: number) => `${n.toFixed(1)} ms`;
const log = (s: string) => console.log(s);
type TFigures = { rate: number; p50: number; p99: number; max: number; failed: number };

async function main() {
  log(`Database ${dbName} on ${new URL(serverUrl).host}: ${rows.toLocaleString('en')} university courses`);
  log(
    `Load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  await recreateDatabase(serverUrl, dbName);
  const migrated = await openDatabase({ url: dbUrl, poolSize: 1 });
  await migrated.close();
  const t = Date.now();
  await seedCatalogue(dbUrl, rows);
  log(`  seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  log(`  ${bodies.length} request bodies, drawn with weights 1/rank; API rate limits raised for the bench`);

  const results = new Map<string, TFigures>();
  try {
    // Without the cache first: its run also captures each body's SQL for the raw replay.
    let captured: TCaptured | undefined;
    if (sides.has('uncached') || sides.has('sql')) {
      captured = await withApi('off', async (ready) => {
        const c = await send<TCaptured>(ready.api, { capture: bodies });
        checkAnswers(c);
        log('\nSQL of the most popular request (groups run in order; queries in a group run together):');
        c.captured[0]!.forEach((group, i) => {
          for (const q of group) log(`  [${i + 1}] ${q.text}\n      params ${JSON.stringify(q.params)}`);
        });
        if (sides.has('uncached'))
          results.set('API, CATALOGUE_CACHE=off', await load(ready, 'API, cache off'));
        return c;
      });
    }
    if (sides.has('sql') && captured) {
      log(
        `\nSQL replay: the same queries through pg, ${connections} workers on a Pool of ${sqlPool}, ${duration} s (after ${warmup} s warm-up)`,
      );
      const draw = zipfSampler(bodies.length);
      const pick = () => captured.captured[draw()]!;
      if (warmup > 0) await replaySql(dbUrl, pick, connections, warmup, sqlPool);
      const s = await replaySql(dbUrl, pick, connections, duration, sqlPool);
      const sorted = s.latenciesMs.sort((x, y) => x - y);
      const figures = {
        rate: s.requests / s.seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        max: sorted.at(-1)!,
        failed: s.errors,
      };
      print(figures);
      results.set('raw SQL replay', figures);
    }
    if (sides.has('cached')) {
      await withApi('on', async (ready) => {
        // The catalogue changes only when an admin saves, so a warm cache is the steady state:
        // every body once first (the uncached side's capture did the same for PostgreSQL's caches).
        const t0 = Date.now();
        await fill(ready);
        log(
          `\n  cache filled with the ${bodies.length} bodies in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
        results.set('API, catalogue cache', await load(ready, 'API, cache on'));
        const stats = await send<Record<string, number>>(ready.api, 'stats');
        log(`  cache: ${JSON.stringify(stats)}`);
      });
    }
  } finally {
    if (env.BENCH_KEEP_DB !== '1') await dropDatabase(serverUrl, dbName);
  }

  log(
    `\nSummary (${connections} connections, ${duration} s each; load average now ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  log('| side | requests/s | p50 | p99 | max | failed |');
  log('|---|---|---|---|---|---|');
  for (const [side, f] of results) {
    log(`| ${side} | ${f.rate.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.failed} |`);
  }
  const cached = results.get('API, catalogue cache');
  const raw = results.get('raw SQL replay');
  if (cached && raw) {
    log(
      `  cached API / raw SQL (requests per second): ${(cached.rate / raw.rate).toFixed(1)} (goal at least 3)`,
    );
    log(`  cached API p99: ${ms(cached.p99)} (goal under 50 ms)`);
  }
}

type TApi = TReady & { api: ChildProcess };

/** Starts the API process with the cache on or off, runs `work`, and stops it. */
async function withApi<T>(cache: 'on' | 'off', work: (ready: TApi) => Promise<T>): Promise<T> {
  const api = fork(path.join(import.meta.dirname, 'api-server.ts'), {
    // BENCH_PROFILE=<dir> writes a CPU profile of the API process there (open it in Chrome DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_PROFILE}`] : []),
    ],
    env: {
      ...env,
      BENCH_DB_URL: dbUrl,
      BENCH_PATH: route,
      BENCH_RATE_LIMIT: String(rateLimit),
      CATALOGUE_CACHE: cache,
    },
  });
  try {
    const ready = await new Promise<TReady>((resolve, reject) => {
      api.once('message', (m) => resolve(m as TReady));
      api.once('exit', (code) =>
        reject(new BenchFailure(`the API process exited (${code}) before it was ready`)),
      );
    });
    const result = await work({ ...ready, api });
    api.send('stop');
    await new Promise((r) => api.once('exit', r));
    return result;
  } finally {
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
  }
}

function send<T>(api: ChildProcess, msg: unknown): Promise<T> {
  return new Promise((resolve) => {
    api.once('message', (m) => resolve(m as T));
    api.send(msg as never);
  });
}

/** autocannon at `connections`, each request's body drawn from the spread. */
async function load(ready: TApi, label: string): Promise<TFigures> {
  log(`\n${label}: POST ${route}, ${connections} connections, ${duration} s (after ${warmup} s warm-up)`);
  const draw = zipfSampler(bodies.length);
  const options = {
    url: `http://127.0.0.1:${ready.port}${route}`,
    connections,
    method: 'POST' as const,
    headers: { cookie: ready.cookie, 'content-type': 'application/json' },
    // Autocannon's default time-out (10 s) would cut the uncached side's tail off: let it show.
    timeout: 60,
    // Each request from one of BENCH_SESSIONS signed-in students, drawn at random.
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          headers: {
            ...(req.headers as object),
            cookie: ready.cookies[Math.floor(Math.random() * ready.cookies.length)],
          },
          body: bodies[draw()],
        }),
      },
    ],
  };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const a = await autocannon({ ...options, duration });
  // A wrong answer fails the bench; a slow one is a figure (time-outs are counted, not hidden).
  if (a.non2xx > 0) {
    throw new BenchFailure(`${a.non2xx} answers were not 2xx: ${JSON.stringify(a.statusCodeStats)}`);
  }
  const figures = {
    rate: a.requests.total / a.duration,
    p50: a.latency.p50,
    p99: a.latency.p99,
    max: a.latency.max,
    failed: a.errors + a.timeouts,
  };
  print(figures);
  return figures;
}

/** Each body once, ten at a time. */
async function fill(ready: TApi) {
  const url = `http://127.0.0.1:${ready.port}${route}`;
  const headers = { cookie: ready.cookie, 'content-type': 'application/json' };
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const res = await fetch(url, { method: 'POST', headers, body });
      if (res.status !== 200) throw new BenchFailure(`filling: ${res.status} for ${body}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

const print = (f: TFigures) =>
  log(
    `  ${f.rate.toFixed(0)} req/s, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.max)}, failed ${f.failed}`,
  );

/** Every body's answer must be a 200 page; the most popular ones must have rows. */
function checkAnswers(c: TCaptured) {
  c.samples.forEach((sample, i) => {
    if (sample.status !== 200)
      throw new BenchFailure(`body ${bodies[i]} answered ${sample.status}: ${sample.body.slice(0, 300)}`);
  });
  const first = JSON.parse(c.samples[0]!.body) as { result: unknown[]; totalRows: number };
  if (first.result.length === 0 || !first.totalRows)
    throw new BenchFailure(`unexpected page: ${c.samples[0]!.body.slice(0, 300)}`);
  const empty = c.samples.filter(
    (s) => (JSON.parse(s.body) as { result: unknown[] }).result.length === 0,
  ).length;
  log(`  check: ${c.samples.length} answers, all 200 (${empty} are empty pages past the end of their match)`);
  if (c.captured.some((r) => r.length === 0)) throw new BenchFailure('no SQL was captured for a request');
}

main().catch((err) => {
  console.error(err instanceof BenchFailure ? `\nBENCH FAILED: ${err.message}` : err);
  process.exit(1);
});
