// Per-save work of the wizard bench's API, measured in ways the machine's load does not decide:
// statements per save, CPU time per save of the API process and of its PostgreSQL backends, and
// per-endpoint latency at a low fixed rate (docs/performance.md, "Wizard saves: the cause"). Run from
// apps/api: `node --import tsx bench/wizard-probe.ts`; PROBE_RATE (20), PROBE_DURATION (30 s per
// phase), PROBE_COUNTS_FILE (statements per save by text), PROBE_PROF_DIR (a V8 profile of the mix).
// To compare an older commit, copy this file and probe-counter.mjs into its apps/api/bench.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import { percentile } from './sql-load.js';
import { guardian, personal, type TStudent, type TWizardReady } from './wizard-bodies.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = env.PROBE_DB ?? 'uniapply_wizard_probe';
const dbUrl = withDatabase(serverUrl, dbName);
const rate = Number(env.PROBE_RATE ?? 20);
const duration = Number(env.PROBE_DURATION ?? 30);
const profDir = env.PROBE_PROF_DIR;
const label = env.PROBE_LABEL ?? 'run';
const PERIOD_S = 2;
type TProbeReply = {
  probeReply: string;
  cpu: { user: number; system: number };
  counts: [string, number][];
};
const TICK_MS = 10;

function body(s: TStudent, i: number, n: number, step: number, courseIds: number[]): [string, unknown] {
  return step === 0
    ? [`/api/StudentInfo/CreateOrUpdate?studentId=${s.studentId}&stage=2`, personal(i)]
    : step === 1
      ? [`/api/StudentGuardian/CreateOrUpdate?studentId=${s.studentId}&stage=3`, guardian(s.studentId)]
      : [
          `/api/StudentCourse/addOrUpdateList?studentId=${s.studentId}&stage=10`,
          [courseIds[i % courseIds.length]!, courseIds[(i + n) % courseIds.length]!],
        ];
}

async function run(base: string, ready: TWizardReady, steps: number[], seconds: number) {
  const students = ready.students.slice(0, Math.round(rate * PERIOD_S));
  const total = Math.round(rate * seconds);
  const lat: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const planned = start + (k * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const i = k % students.length;
    const n = Math.floor(k / students.length);
    const step = steps[n % steps.length]!;
    const [url, b] = body(students[i]!, i, n, step, ready.courseIds);
    const s = students[i]!;
    pending.push(
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie: s.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
        })
        .catch(() => {
          errors++;
        })
        .finally(() => lat.push(performance.now() - planned)),
    );
  }
  await Promise.all(pending);
  return { total, lat: lat.sort((a, b) => a - b), errors };
}

function procCpuMs(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime + stime
  } catch {
    return undefined;
  }
}

async function main() {
  const studentCount = Math.round(rate * PERIOD_S);
  await recreateDatabase(serverUrl, dbName);
  const migrated = await openDatabase({ url: dbUrl, poolSize: 1 });
  await migrated.close();
  await seedCatalogue(dbUrl, 2000);
  const preload = path.join(import.meta.dirname, 'probe-counter.mjs');
  const api = fork(path.join(import.meta.dirname, 'wizard-server.ts'), {
    execArgv: ['--import', 'tsx', '--import', preload],
    env: {
      ...env,
      BENCH_DB_URL: dbUrl,
      BENCH_STUDENTS: String(studentCount),
      BENCH_RATE_LIMIT: '1000000000',
    },
  });
  const ready = await new Promise<TWizardReady>((resolve, reject) => {
    api.on('message', (m) => {
      if ((m as TWizardReady).port) resolve(m as TWizardReady);
    });
    api.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  const ask = (probe: string, extra: object = {}) =>
    new Promise<TProbeReply>((resolve) => {
      const on = (m: unknown) => {
        const reply = m as TProbeReply | undefined;
        if (reply?.probeReply === probe) {
          api.off('message', on);
          resolve(reply);
        }
      };
      api.on('message', on);
      api.send({ probe, ...extra });
    });
  const stats = new pg.Client({ connectionString: dbUrl });
  await stats.connect();
  const base = `http://127.0.0.1:${ready.port}`;
  const backendCpu = new Map<number, { first: number; last: number }>();
  const pollBackends = async () => {
    const { rows } = await stats.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const ms = procCpuMs(pid);
      if (ms === undefined) continue;
      const e = backendCpu.get(pid);
      if (e) e.last = ms;
      else backendCpu.set(pid, { first: ms, last: ms });
    }
  };
  const dbStat = async () =>
    (
      await stats.query(
        `select xact_commit::int + xact_rollback::int as xacts, tup_returned::bigint::float8 as returned,
                tup_fetched::bigint::float8 as fetched, tup_inserted::int as inserted, tup_updated::int as updated,
                tup_deleted::int as deleted, blks_hit::bigint::float8 as hit
         from pg_stat_database where datname = current_database()`,
      )
    ).rows[0];
  const phases: [string, number[]][] = [
    ['mix', [0, 1, 2]],
    ['personal', [0]],
    ['guardian', [1]],
    ['courses', [2]],
  ];
  const out: string[] = [`# ${label}: node ${process.version}, rate ${rate}/s, ${duration} s per phase`];
  out.push(
    '| phase | saves | errors | p50 | p90 | p99 | stmts/save | API CPU ms/save | PG CPU ms/save | xacts/save | tup ins/upd/del per save |',
  );
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  const allCounts: Record<string, [string, number][]> = {};
  try {
    await run(base, ready, [0, 1, 2], 5); // warm-up
    for (const [name, steps] of phases) {
      await pollBackends();
      backendCpu.clear();
      await pollBackends();
      const s0 = await dbStat();
      const r0 = await ask('reset');
      if (profDir && name === 'mix') await ask('prof-start');
      const poll = setInterval(() => void pollBackends(), 500);
      const r = await run(base, ready, steps, duration);
      clearInterval(poll);
      if (profDir && name === 'mix')
        await ask('prof-stop', { file: path.join(profDir, `${label}.cpuprofile`) });
      const r1 = await ask('stats');
      await pollBackends();
      await new Promise((res) => setTimeout(res, 600)); // pg_stat_database is flushed at most every 500 ms
      const s1 = await dbStat();
      const apiMs = (r1.cpu.user + r1.cpu.system - r0.cpu.user - r0.cpu.system) / 1000;
      let pgMs = 0;
      for (const e of backendCpu.values()) pgMs += e.last - e.first;
      const stmts = (r1.counts as [string, number][]).reduce((a, [, c]) => a + c, 0);
      allCounts[name] = (r1.counts as [string, number][]).sort((a, b) => b[1] - a[1]);
      const per = (x: number) => (x / r.total).toFixed(2);
      out.push(
        `| ${name} | ${r.total} | ${r.errors} | ${percentile(r.lat, 50).toFixed(1)} | ${percentile(r.lat, 90).toFixed(1)} | ${percentile(r.lat, 99).toFixed(1)} | ${per(stmts)} | ${per(apiMs)} | ${per(pgMs)} | ${per(s1.xacts - s0.xacts)} | ${per(s1.inserted - s0.inserted)}/${per(s1.updated - s0.updated)}/${per(s1.deleted - s0.deleted)} |`,
      );
    }
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    out.push(`load average at the end: ${load}`);
    console.log(out.join('\n'));
    if (env.PROBE_COUNTS_FILE) {
      const lines: string[] = [];
      for (const [name, counts] of Object.entries(allCounts)) {
        const phase = phases.find((p) => p[0] === name)!;
        const saves = Math.round(rate * duration);
        lines.push(`## ${name} (${saves} saves)`);
        for (const [q, c] of counts) lines.push(`${(c / saves).toFixed(2)}\t${q}`);
        void phase;
      }
      fs.writeFileSync(env.PROBE_COUNTS_FILE, lines.join('\n'));
    }
  } finally {
    await stats.end();
    api.send('stop');
    await new Promise((r) => api.once('exit', r));
    if (!env.PROBE_KEEP_DB) await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
