// `npm run bench`: the admin's university-course list (spec 7.2 getListByPage, CONTAINS on
// course.name) through the whole API, against the same SQL sent straight through `pg`.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server; a database `uniapply_bench` is created on
// it and dropped at the end), BENCH_ROWS (100000), BENCH_CONNECTIONS (100), BENCH_DURATION (20 s),
// BENCH_WARMUP (3 s), BENCH_API_POOL (the API's pool size, 10 as in production), BENCH_KEEP_DB=1, BENCH_PROFILE=<dir>.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.js';
import type { TReady } from './api-server.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile, replaySql } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const rows = Number(env.BENCH_ROWS ?? 100_000);
const connections = Number(env.BENCH_CONNECTIONS ?? 100);
const duration = Number(env.BENCH_DURATION ?? 20);
const warmup = Number(env.BENCH_WARMUP ?? 3);
const route = '/api/UniversityCourse/getListByPage';
/** The API's rate limits (per minute) during the bench: far above what the load generator sends. */
const rateLimit = 1_000_000_000;
const body = JSON.stringify({
  filter: {
    operator: 'AND',
    conditions: [{ field: 'course.name', operator: 'CONTAINS', value: 'Engineering' }],
    groups: [],
  },
  page: 500,
  pageSize: 10,
});

class BenchFailure extends Error {}
const ms = (n: number) => `${n.toFixed(1)} ms`;
const log = (s: string) => console.log(s);

async function main() {
  log(`Database ${dbName} on ${new URL(serverUrl).host}: ${rows.toLocaleString('en')} university courses`);
  await recreateDatabase(serverUrl, dbName);
  const migrated = await openDatabase({ url: dbUrl, poolSize: 1 });
  await migrated.close();
  let t = Date.now();
  await seedCatalogue(dbUrl, rows);
  log(`  seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  log(`  API rate limits raised to ${rateLimit.toLocaleString('en')} requests a minute for the bench`);
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
      BENCH_BODY: body,
      BENCH_RATE_LIMIT: String(rateLimit),
    },
  });
  try {
    const ready = await new Promise<TReady>((resolve, reject) => {
      api.once('message', (m) => resolve(m as TReady));
      api.once('exit', (code) =>
        reject(new BenchFailure(`the API process exited (${code}) before it was ready`)),
      );
    });
    const url = `http://127.0.0.1:${ready.port}${route}`;
    const headers = { cookie: ready.cookie, 'content-type': 'application/json' };
    await checkResponse(url, headers, ready);
    log('\nSQL of one request (groups run in order; queries in a group run together):');
    ready.captured.forEach((group, i) => {
      for (const q of group) log(`  [${i + 1}] ${q.text}\n      params ${JSON.stringify(q.params)}`);
    });

    log(`\nAPI: POST ${route}, ${connections} connections, ${duration} s (after ${warmup} s warm-up)`);
    const load = { url, connections, method: 'POST', headers, body };
    if (warmup > 0) await autocannon({ ...load, duration: warmup });
    const a = await autocannon({ ...load, duration });
    const aRate = a.requests.total / a.duration;
    log(
      `  ${aRate.toFixed(0)} req/s, p50 ${ms(a.latency.p50)}, p99 ${ms(a.latency.p99)}, max ${ms(a.latency.max)}`,
    );
    const bad = a.non2xx + a.errors + a.timeouts;
    if (bad > 0) {
      throw new BenchFailure(
        `${bad} failed requests (non-2xx ${a.non2xx}, errors ${a.errors}, timeouts ${a.timeouts}); ` +
          `status codes ${JSON.stringify(a.statusCodeStats)}`,
      );
    }
    api.send('stop');
    await new Promise((r) => api.once('exit', r));

    log(
      `\nSQL: the same queries through pg, Pool of ${connections}, ${duration} s (after ${warmup} s warm-up)`,
    );
    if (warmup > 0) await replaySql(dbUrl, ready.captured, connections, warmup);
    t = Date.now();
    const s = await replaySql(dbUrl, ready.captured, connections, duration);
    if (s.errors > 0) throw new BenchFailure(`${s.errors} SQL replays failed`);
    const sorted = s.latenciesMs.sort((x, y) => x - y);
    const sRate = s.requests / s.seconds;
    log(
      `  ${sRate.toFixed(0)} req/s, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, ` +
        `max ${ms(sorted.at(-1)!)}`,
    );

    log('\nSummary');
    log(`  API  ${aRate.toFixed(0).padStart(6)} req/s   p50 ${ms(a.latency.p50)}   p99 ${ms(a.latency.p99)}`);
    log(
      `  SQL  ${sRate.toFixed(0).padStart(6)} req/s   p50 ${ms(percentile(sorted, 50))}   p99 ${ms(percentile(sorted, 99))}`,
    );
    log(`  ratio API/SQL (requests per second): ${(aRate / sRate).toFixed(2)}`);
  } finally {
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
    if (env.BENCH_KEEP_DB !== '1') await dropDatabase(serverUrl, dbName);
  }
}

/** One real request over HTTP before the load: it must be a 200 with a full page. */
async function checkResponse(url: string, headers: Record<string, string>, ready: TReady) {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  if (res.status !== 200 || ready.sample.status !== 200) {
    throw new BenchFailure(`POST ${route} answered ${res.status}: ${text.slice(0, 500)}`);
  }
  const page = JSON.parse(text) as { result?: unknown[]; totalRows?: number };
  if (page.result?.length !== 10 || !page.totalRows) {
    throw new BenchFailure(`unexpected page: ${text.slice(0, 500)}`);
  }
  log(`  check: 200, ${page.result.length} rows of ${page.totalRows.toLocaleString('en')} matching`);
  if (ready.captured.length === 0) throw new BenchFailure('no SQL was captured for the request');
}

main().catch((err) => {
  console.error(err instanceof BenchFailure ? `\nBENCH FAILED: ${err.message}` : err);
  process.exit(1);
});
