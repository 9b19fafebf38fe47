// `npm run bench:mixed` (also the last part of `npm run bench`): the portal's everyday mix at a
// fixed arrival rate, an open model (requests start on a schedule whatever the answers' latency,
// and latency counts from the planned start, so a slow server is not hidden by fewer requests).
// Students browse the catalogue (lists with filters and pages) and save wizard steps, agents list
// their students, admins open application forms, and a few PDFs are printed. Each rate runs for a
// bounded time and count; the report gives throughput, p50/p99, errors and the API's resident
// memory at idle and under load, and the highest rate with no errors and p99 under 200 ms.
//
// Without a target the bench starts the compiled API itself (`node apps/api/dist/server.js`, built
// when missing), on the embedded PGlite and on PostgreSQL, one after the other, each on fresh data
// with the demo catalogue. With `--target <baseUrl>` (or BENCH_TARGET) it runs the same scenario
// against any portal on 127.0.0.1 with the demo sign-in on (a cluster behind nginx, say), making its
// own accounts and data through the API; `--pids 1,2` (BENCH_PIDS) names its API processes so
// their memory is read too. That portal must allow the rates (RATE_LIMIT_MAX, RATE_LIMIT_ANONYMOUS_MAX).
//
// Environment: BENCH_DATABASES ("pglite,postgres"), BENCH_DATABASE_URL (PostgreSQL server; the
// database `uniapply_mixed_bench` is created and dropped), BENCH_RATES ("10,20,40,60,80"),
// BENCH_DURATION (s per rate, 15), BENCH_WARMUP (s, 5), BENCH_MAX_REQUESTS (per rate, 20000),
// BENCH_TIMEOUT_MS (per request, 10000), BENCH_STUDENTS (40), BENCH_AGENTS (5), BENCH_KEEP_DB=1.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, recreateDatabase, withDatabase } from './bench-db.js';
import { call, guardian, personal, prepareMixedData, type TMixedData } from './mixed-setup.js';
import { percentile } from './sql-load.js';

const env = process.env;
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const target = arg('target') ?? env.BENCH_TARGET;
const pids = (arg('pids') ?? env.BENCH_PIDS ?? '').split(',').filter(Boolean).map(Number);
const databases = (env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_mixed_bench';
const rates = (env.BENCH_RATES ?? '10,20,40,60,80').split(',').map(Number);
const duration = Number(env.BENCH_DURATION ?? 15);
const warmup = Number(env.BENCH_WARMUP ?? 5);
const maxRequests = Number(env.BENCH_MAX_REQUESTS ?? 20_000);
const timeoutMs = Number(env.BENCH_TIMEOUT_MS ?? 10_000);
const counts = {
  students: Number(env.BENCH_STUDENTS ?? 40),
  agents: Number(env.BENCH_AGENTS ?? 5),
  studentsPerAgent: 6,
  submittedPerAgent: 2,
};
const root = path.resolve(import.meta.dirname, '../../..');
const log = (s: string) => console.log(s);

for (const url of [target].filter(Boolean) as string[]) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    throw new Error(`the bench runs against this machine only (127.0.0.1), not ${url}`);
}

// ---- the scenario ---------------------------------------------------------------------------

type TKind = 'catalogue' | 'universities' | 'wizard' | 'agentList' | 'formList' | 'formOpen' | 'pdf' | 'me';
/** Shares of the mix, in requests per 100. */
const MIX: [TKind, number][] = [
  ['catalogue', 40],
  ['universities', 8],
  ['wizard', 20],
  ['agentList', 12],
  ['formList', 8],
  ['formOpen', 8],
  ['pdf', 2],
  ['me', 2],
];
const SLOTS: TKind[] = MIX.flatMap(([kind, n]) => Array<TKind>(n).fill(kind));
const TERMS = ['engineering', 'business', 'computer', 'science', 'medicine', 'law', 'design', 'data'];
const AND = (conditions: object[]) => ({ operator: 'AND', conditions, groups: [] });

/** The k-th request of the run: a fixed, spread sequence (the same for every run and target). */
function request(k: number, d: TMixedData, tag: string): { kind: TKind; send: () => Promise<Response> } {
  // A multiplicative hash spreads the kinds and choices evenly without a random generator.
  const h = (k * 2654435761) >>> 0;
  const kind = SLOTS[h % SLOTS.length]!;
  const pick = <T>(list: T[], salt = 0) => list[((h >>> 7) + salt * 31) % list.length]!;
  const post = (who: { cookie: string }, url: string, body: unknown) =>
    fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { cookie: who.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  const get = (who: { cookie: string }, url: string) =>
    fetch(`${base}/api${url}`, { headers: { cookie: who.cookie }, signal: AbortSignal.timeout(timeoutMs) });
  const student = pick(d.students);
  const page = (h >>> 11) % 4;
  switch (kind) {
    case 'catalogue': {
      const filters = [
        [],
        [{ field: 'course.name', operator: 'LIKE', value: pick(TERMS, 1) }],
        [{ field: 'university.id', operator: 'EQ', value: pick(d.universityIds, 2) }],
        [{ field: 'course.level.id', operator: 'EQ', value: pick(d.levelIds, 3) }],
        [{ field: 'price', operator: 'BETWEEN', value: [null, 20_000 + ((h >>> 5) % 5) * 10_000] }],
        [
          { field: 'course.name', operator: 'LIKE', value: pick(TERMS, 4) },
          { field: 'course.level.id', operator: 'EQ', value: pick(d.levelIds, 5) },
        ],
      ];
      const body = { page, pageSize: 10, filter: AND(pick(filters, 6)) };
      return { kind, send: () => post(student, '/UniversityCourse/getListByPage', body) };
    }
    case 'universities':
      return {
        kind,
        send: () => post(student, '/University/getListByPage', { page: page % 2, pageSize: 10 }),
      };
    case 'wizard': {
      const step = (h >>> 9) % 3;
      const i = d.students.indexOf(student);
      if (step === 0)
        return {
          kind,
          send: () =>
            post(
              student,
              `/StudentInfo/CreateOrUpdate?studentId=${student.studentId}&stage=2`,
              personal(tag, i),
            ),
        };
      if (step === 1)
        return {
          kind,
          send: () =>
            post(
              student,
              `/StudentGuardian/CreateOrUpdate?studentId=${student.studentId}&stage=3`,
              guardian(student.studentId, tag),
            ),
        };
      const courses = [pick(d.universityCourseIds, 7), pick(d.universityCourseIds, 8)];
      return {
        kind,
        send: () =>
          post(student, `/StudentCourse/addOrUpdateList?studentId=${student.studentId}&stage=10`, [
            ...new Set(courses),
          ]),
      };
    }
    case 'agentList': {
      const agent = pick(d.agents);
      const filter = page === 3 ? AND([{ field: 'firstName', operator: 'LIKE', value: 'ben' }]) : AND([]);
      return {
        kind,
        send: () => post(agent, '/StudentInfo/getListByPage', { page: 0, pageSize: 10, filter }),
      };
    }
    case 'formList':
      return {
        kind,
        send: () =>
          post(d.admin, '/ApplicationForm/getListByPage', { page: page % 2, pageSize: 10, filter: AND([]) }),
      };
    case 'formOpen':
      return { kind, send: () => get(d.admin, `/ApplicationForm/${pick(d.applicationIds)}`) };
    case 'pdf':
      return {
        kind,
        send: () =>
          get(
            d.admin,
            `/ApplicationForm/generate-application-form?studentCourseId=${pick(d.applicationIds, 9)}`,
          ),
      };
    case 'me':
      return { kind, send: () => get(student, '/auth/me') };
  }
}

// ---- running it -----------------------------------------------------------------------------

let base = '';

type TResult = {
  rate: number;
  sent: number;
  seconds: number;
  latencies: number[];
  byKind: Map<TKind, number[]>;
  errors: Map<string, number>;
  rssMaxMb: number | null;
};

/** Resident memory of the API processes in MB (their sum), or null when none is known. */
function rssMb(processIds: number[]): number | null {
  if (processIds.length === 0) return null;
  let kb = 0;
  for (const pid of processIds) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return null;
    }
  }
  return kb / 1024;
}

async function run(d: TMixedData, tag: string, rate: number, seconds: number, processIds: number[]) {
  const total = Math.min(maxRequests, Math.round(rate * seconds));
  const result: TResult = {
    rate,
    sent: total,
    seconds: 0,
    latencies: [],
    byKind: new Map(),
    errors: new Map(),
    rssMaxMb: rssMb(processIds),
  };
  const sampler = setInterval(() => {
    const now = rssMb(processIds);
    if (now !== null) result.rssMaxMb = Math.max(result.rssMaxMb ?? 0, now);
  }, 250);
  const fail = (what: string) => {
    result.errors.set(what, (result.errors.get(what) ?? 0) + 1);
  };
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const planned = start + (k * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { kind, send } = request(k + Math.round(rate * 1000), d, tag);
    pending.push(
      send()
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) fail(`${kind} ${res.status}`);
        })
        .catch((err: Error) => fail(`${kind} ${err.name}`))
        .finally(() => {
          const ms = performance.now() - planned;
          result.latencies.push(ms);
          if (!result.byKind.has(kind)) result.byKind.set(kind, []);
          result.byKind.get(kind)!.push(ms);
        }),
    );
  }
  await Promise.all(pending);
  clearInterval(sampler);
  result.seconds = (performance.now() - start) / 1000;
  return result;
}

const ms = (v: number) => `${v.toFixed(v < 100 ? 1 : 0)} ms`;

/** Runs every rate against `base`; prints a table and returns the best rate. */
async function runRates(label: string, processIds: number[]) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const d = await prepareMixedData(base, { tag, ...counts }, log);
  await call(base, d.admin, 'GET', '/auth/me'); // the admin's session works
  await new Promise((r) => setTimeout(r, 3000));
  const idle = rssMb(processIds);
  log(`${label}: warm-up ${warmup} s at ${rates[0]}/s`);
  await run(d, tag, rates[0]!, warmup, processIds);
  const [l1, l5] = os.loadavg();
  log(`Load average before the rates: ${l1!.toFixed(1)} (1 min), ${l5!.toFixed(1)} (5 min)`);
  log('');
  log(
    `| ${label}: requests/s asked | done/s | p50 | p99 | p99 without PDFs | catalogue p99 | wizard p99 | ` +
      'PDF p99 | errors | RSS max |',
  );
  log('|---|---|---|---|---|---|---|---|---|---|');
  let best = 0;
  for (const rate of rates) {
    const r = await run(d, tag, rate, duration, processIds);
    const sorted = r.latencies.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const errors = [...r.errors.values()].reduce((s, n) => s + n, 0);
    if (errors === 0 && p99 < 200) best = Math.max(best, rate);
    const kindP99 = (kind: TKind) => {
      const list = (r.byKind.get(kind) ?? []).sort((a, b) => a - b);
      return list.length ? ms(percentile(list, 99)) : '-';
    };
    const others = [...r.byKind]
      .filter(([kind]) => kind !== 'pdf')
      .flatMap(([, list]) => list)
      .sort((a, b) => a - b);
    const what = errors ? ` (${[...r.errors].map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
    log(
      `| ${rate} | ${(r.sent / r.seconds).toFixed(1)} | ${ms(percentile(sorted, 50))} | ${ms(p99)} | ` +
        `${ms(percentile(others, 99))} | ` +
        `${kindP99('catalogue')} | ${kindP99('wizard')} | ${kindP99('pdf')} | ${errors}${what} | ` +
        `${r.rssMaxMb === null ? '-' : `${r.rssMaxMb.toFixed(0)} MB`} |`,
    );
    // Past saturation every higher rate only times out: stop stepping.
    if (errors > r.sent * 0.05) {
      log(`(more than 5% errors at ${rate}/s: the higher rates are left out)`);
      break;
    }
  }
  await new Promise((r) => setTimeout(r, 5000));
  const after = rssMb(processIds);
  // The PDF workers end after 60 s idle (pdf-pool.ts): the process's idle memory after that.
  if (processIds.length) await new Promise((r) => setTimeout(r, 62_000));
  const settled = rssMb(processIds);
  log('');
  log(
    `${label}: highest rate with no errors and p99 under 200 ms: ${best || 'none'} requests/s. ` +
      `Resident memory: ${idle === null ? '-' : `${idle.toFixed(0)} MB`} at idle after the set-up, ` +
      `${after === null ? '-' : `${after.toFixed(0)} MB`} at idle 5 s after the load, ` +
      `${settled === null ? '-' : `${settled.toFixed(0)} MB`} 67 s after it (PDF workers ended).`,
  );
  return best;
}

// ---- the single process the bench starts itself ----------------------------------------------

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Node's flags of the production start (README); `BENCH_NODE_FLAGS=` (empty) runs without them. */
const NODE_FLAGS = (env.BENCH_NODE_FLAGS ?? '--max-semi-space-size=2').split(/\s+/).filter(Boolean);

/** Starts `node apps/api/dist/server.js` with `extra`; resolves once /api/ready answers. */
async function startApi(extra: Record<string, string>) {
  const port = await freePort();
  const { DATABASE_URL: _d, INIT_CWD: _i, ...inherited } = env;
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_ANONYMOUS_MAX: '1000000000',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API stopped (exit ${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 180_000) throw new Error('the API did not become ready in 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const startSeconds = (performance.now() - t0) / 1000;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    startSeconds,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Idle memory after a start: the median of 5 readings a second apart, after `settle` seconds. */
async function idleRss(pid: number, settle = 5) {
  await new Promise((r) => setTimeout(r, settle * 1000));
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssMb([pid]) ?? 0);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return readings.sort((a, b) => a - b)[2]!;
}

async function onDatabase(kind: string) {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-mixed-'));
    try {
      // First start: the data directory is made (initdb), migrated and seeded; then a restart,
      // which is every later start.
      const first = await startApi({ DATA_DIR: dataDir });
      const firstRss = await idleRss(first.pid);
      await first.stop();
      const api = await startApi({ DATA_DIR: dataDir });
      log(
        `PGlite: compiled API resident at idle ${firstRss.toFixed(0)} MB after its first start (initdb, ` +
          `seed), ${(await idleRss(api.pid)).toFixed(0)} MB after a restart (${api.startSeconds.toFixed(1)} s to ready)`,
      );
      base = api.url;
      try {
        await runRates('PGlite', [api.pid]);
      } finally {
        await api.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  await recreateDatabase(serverUrl, dbName);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-mixed-files-'));
  try {
    const api = await startApi({ DATABASE_URL: withDatabase(serverUrl, dbName), DATA_DIR: filesDir });
    log(
      `PostgreSQL: compiled API resident at idle ${(await idleRss(api.pid)).toFixed(0)} MB after its start ` +
        `(migrated, demo seed; ${api.startSeconds.toFixed(1)} s to ready)`,
    );
    base = api.url;
    try {
      await runRates('PostgreSQL', [api.pid]);
    } finally {
      await api.stop();
    }
  } finally {
    fs.rmSync(filesDir, { recursive: true, force: true });
    if (!env.BENCH_KEEP_DB) await dropDatabase(serverUrl, dbName);
  }
}

async function main() {
  log(
    `Mixed load: ${MIX.map(([k, n]) => `${k} ${n}%`).join(', ')}; rates ${rates.join(', ')} requests/s, ` +
      `${duration} s each (at most ${maxRequests}), on ${os.cpus().length} cores, Node ${process.version}`,
  );
  if (target) {
    base = target.replace(/\/$/, '');
    await runRates(`target ${base}`, pids);
    return;
  }
  if (!fs.existsSync(path.join(root, 'apps/api/dist/server.js'))) {
    log('Building the API (apps/api/dist)...');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' });
  }
  for (const kind of databases) await onDatabase(kind);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
