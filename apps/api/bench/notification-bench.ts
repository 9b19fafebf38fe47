// `npm run bench:notification`: the latency of a live notification, from the moment a confirm is
// sent to the moment an admin's socket receives ReceiveNotification (issue 10: goal under 100 ms
// median). The API runs in its own process on PostgreSQL; this process is the student (POST
// /Stage/confirm over HTTP) and the admin (a socket.io client on /api/notificationHub, websocket).
// Each round first adds one more course to the submitted application, untimed, so the confirm
// submits exactly one new course and notifies once; rounds run one after another.
//
// Environment: BENCH_DATABASE_URL (database `uniapply_notification_bench` is created on it and
// dropped at the end), BENCH_ROUNDS (200), BENCH_WARMUP_ROUNDS (20), BENCH_REDIS_URL (optional: the
// API uses the Redis adapter, so each emit goes through Redis pub/sub), BENCH_KEEP_DB=1.
import { fork } from 'node:child_process';
import path from 'node:path';
import { REALTIME } from '@uniapply/shared';
import { io } from 'socket.io-client';
import { openDatabase } from '../src/db/client.js';
import { dropDatabase, recreateDatabase, seedCatalogue, withDatabase } from './bench-db.js';
import type { TNotificationReady } from './notification-server.js';
import { percentile } from './sql-load.js';

const env = process.env;
const serverUrl = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'uniapply_notification_bench';
const dbUrl = withDatabase(serverUrl, dbName);
const rounds = Number(env.BENCH_ROUNDS ?? 200);
const warmupRounds = Number(env.BENCH_WARMUP_ROUNDS ?? 20);
const log = (s: string) => console.log(s);

async function main() {
  log(
    `Database ${dbName} on ${new URL(serverUrl).host}; ${rounds} confirms after ${warmupRounds} warm-up ones`,
  );
  await recreateDatabase(serverUrl, dbName);
  const migrated = await openDatabase({ url: dbUrl, poolSize: 1 });
  await migrated.close();
  await seedCatalogue(dbUrl, 2000);
  const api = fork(path.join(import.meta.dirname, 'notification-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...env, BENCH_DB_URL: dbUrl, BENCH_COURSES: String(rounds + warmupRounds + 1) },
  });
  const ready = await new Promise<TNotificationReady>((resolve, reject) => {
    api.once('message', (m) => resolve(m as TNotificationReady));
    api.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const socket = io(base, {
    path: REALTIME.path,
    query: { role: 'admin' },
    transports: ['websocket'],
    extraHeaders: { cookie: ready.adminCookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  let arrived: (() => void) | undefined;
  socket.on(REALTIME.event, () => arrived?.());
  const post = async (url: string, body: unknown) => {
    const res = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { cookie: ready.studentCookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  };

  const total: number[] = [];
  const afterResponse: number[] = [];
  const response: number[] = [];
  try {
    for (let i = 1; i <= warmupRounds + rounds; i++) {
      await post(`/StudentCourse/addOrUpdateList?studentId=${ready.studentId}&stage=10`, [
        ready.courseIds[i]!,
      ]);
      const received = new Promise<number>((resolve) => {
        arrived = () => resolve(performance.now());
      });
      const sent = performance.now();
      await post('/Stage/confirm', { studentId: ready.studentId });
      const answered = performance.now();
      const at = await Promise.race([
        received,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('no notification in 5 s')), 5000),
        ),
      ]);
      if (i > warmupRounds) {
        total.push(at - sent);
        response.push(answered - sent);
        afterResponse.push(Math.max(0, at - answered));
      }
    }
    const line = (label: string, values: number[]) => {
      const sorted = values.sort((a, b) => a - b);
      log(`| ${label} | ${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms |`);
    };
    log(`Adapter: ${env.BENCH_REDIS_URL ? 'Redis' : 'in-memory (one process)'}`);
    log('| measure | median | p99 |');
    log('|---|---|---|');
    line('confirm sent → ReceiveNotification on the admin socket', total);
    line('confirm sent → its HTTP answer', response);
    line('HTTP answer → notification (after the answer)', afterResponse);
    const median = percentile(total, 50);
    log(`Goal: median under 100 ms: ${median < 100 ? 'met' : 'NOT met'} (${median.toFixed(1)} ms)`);
  } finally {
    socket.close();
    api.send('stop');
    await new Promise((r) => api.once('exit', r));
    if (!env.BENCH_KEEP_DB) await dropDatabase(serverUrl, dbName);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
