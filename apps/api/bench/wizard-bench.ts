// `npm run bench:wizard`: simulated students saving wizard steps through the whole API, as an
// open model: saves arrive at a fixed rate whatever the answers' latency (so a slow server is not
// hidden by fewer requests, "coordinated omission"), and latency counts from the planned start.
// Each student saves one step every 2 seconds, cycling personal (StudentInfo CreateOrUpdate),
// guardian (StudentGuardian CreateOrUpdate) and the course list (addOrUpdateList); so a rate of R
// saves/s has 2R students.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server; database `uniapply_wizard_bench` is created
// on it and dropped at the end), BENCH_RATES (saves/s to run, "100,150,200,300,400"),
// BENCH_DURATION (s per rate, 20), BENCH_WARMUP (s, 3), BENCH_API_POOL (10).
import { fork } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile } from './sql-load.js';
import { guardian, personal, type TStudent, type TWizardReady } from './wizard-bodies.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_wizard_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const rates = (env.BENCH_RATES ?? '100,150,200,300,400').split(',').map(Number);
const duration = Number(env.BENCH_DURATION ?? 20);
const warmup = Number(env.BENCH_WARMUP ?? 3);
const PERIOD_S = 2;
const log = (s: string) => console.log(s);

type TResult = { rate: number; sent: number; seconds: number; latencies: number[]; errors: number };

/** One save of step `n % 3` for a student. */
function save(base: string, s: TStudent, i: number, n: number, courseIds: number[]) {
  const headers = { cookie: s.cookie, 'content-type': 'application/json' };
  const step = n % 3;
  const [url, body] =
    step === 0
      ? [`/api/StudentInfo/CreateOrUpdate?studentId=${s.studentId}&stage=2`, personal(i)]
      : step === 1
        ? [`/api/StudentGuardian/CreateOrUpdate?studentId=${s.studentId}&stage=3`, guardian(s.studentId)]
        : [
            `/api/StudentCourse/addOrUpdateList?studentId=${s.studentId}&stage=10`,
            [courseIds[i % courseIds.length]!, courseIds[(i + n) % courseIds.length]!],
          ];
  return fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** Saves at `rate` per second for `seconds`, each planned at a fixed time (open model). */
async function run(base: string, ready: TWizardReady, rate: number, seconds: number): Promise<TResult> {
  const students = ready.students.slice(0, Math.max(1, Math.round(rate * PERIOD_S)));
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const planned = start + (k * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const i = k % students.length;
    const n = Math.floor(k / students.length);
    pending.push(
      save(base, students[i]!, i, n, ready.courseIds)
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => latencies.push(performance.now() - planned)),
    );
  }
  await Promise.all(pending);
  return { rate, sent: total, seconds: (performance.now() - start) / 1000, latencies, errors };
}

async function main() {
  const maxRate = Math.max(...rates);
  const studentCount = Math.round(maxRate * PERIOD_S);
  log(`Database ${dbName} on ${new URL(serverUrl).host}: ${studentCount} students, 2,000 university courses`);
  await recreateDatabase(serverUrl, dbName);
  const migrated = await openDatabase({ url: dbUrl, poolSize: 1 });
  await migrated.close();
  await seedCatalogue(dbUrl, 2000);
  const api = fork(path.join(import.meta.dirname, 'wizard-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...env,
      BENCH_DB_URL: dbUrl,
      BENCH_STUDENTS: String(studentCount),
      BENCH_RATE_LIMIT: '1000000000',
    },
  });
  const ready = await new Promise<TWizardReady>((resolve, reject) => {
    api.once('message', (m) => resolve(m as TWizardReady));
    api.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    await run(base, ready, Math.min(50, rates[0]!), warmup);
    log('| saves/s asked | requests/s | p50 | p99 | errors |');
    log('|---|---|---|---|---|');
    let best = 0;
    for (const rate of rates) {
      const r = await run(base, ready, rate, duration);
      const sorted = r.latencies.sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      if (p99 < 250 && r.errors === 0) best = Math.max(best, rate);
      log(
        `| ${rate} | ${(r.sent / r.seconds).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} ms | ${p99.toFixed(1)} ms | ${r.errors} |`,
      );
    }
    log(`Highest rate with p99 under 250 ms and no errors: ${best || 'none'} saves/s`);
  } finally {
    api.send('stop');
    await new Promise((r) => api.once('exit', r));
    if (!env.BENCH_KEEP_DB) await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
