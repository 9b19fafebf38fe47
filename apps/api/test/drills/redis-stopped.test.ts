import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { signInAs, type TestApp } from '../app.js';
import { completeApplication } from '../application-wizard/complete.js';
import { logCapture } from '../log-capture.js';
import { connectHub, eventually, type THubClient } from '../notifications/sockets.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';
import { apiClient, startApi, startInProcessApi, type TApiProcess } from './api.js';
import { startLoad, summarize } from './load.js';
import { DRILL_PORTS } from './ports.js';
import { startPostgres, startRedis, type TPostgres, type TRedis } from './services.js';

// Drill (issue 11 item 3): Redis stopped. Two API processes (one built in this process, so its log
// can be read; one started as its own process) share a private PostgreSQL and a private Redis,
// which carries the hub's fan-out and the rate-limit counters (sessions live in PostgreSQL). An
// admin has the hub open on each process, and a fixed load of reads runs on both. Redis stops:
// the API keeps serving, a confirm still reaches the admin on the process that handled it, and
// each process logs the gap. Redis comes back: fan-out between the processes resumes, in both
// directions, without restarting anything.

const RATE = 20;
const DURATION_MS = 24_000;
const TIMEOUT_MS = 10_000;
const ADMIN = 'drill.admin@drills.test';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('drill: Redis stopped', () => {
  let pgServer: TPostgres;
  let redis: TRedis;
  let one: TestApp;
  let two: TApiProcess;
  let filesDir: string;
  const oneLog = logCapture();

  beforeAll(async () => {
    [pgServer, redis] = await Promise.all([
      startPostgres({ port: DRILL_PORTS.redisPostgres }),
      startRedis({ port: DRILL_PORTS.redis }),
    ]);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-drill-redis-'));
    const env = { REDIS_URL: redis.url, FILES_DIR: filesDir, ADMIN_EMAILS: ADMIN };
    const database = await openDatabase({ url: pgServer.url, poolSize: 4, onConnectionError: () => {} });
    await seedReferenceData(database.db);
    one = await startInProcessApi(DRILL_PORTS.redisApiOne, database, env, { logStream: oneLog.stream });
    two = await startApi(DRILL_PORTS.redisApiTwo, { ...env, DATABASE_URL: pgServer.url });
  }, 120_000);
  afterAll(async () => {
    await two?.stop();
    await one?.close();
    await redis?.close();
    await pgServer?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('keeps serving and notifying on each process while Redis is away, logs the gap, and fans out again when it is back', async () => {
    const adminWho = await signInAs(one, ADMIN, 'Admin');
    const admin = client(one, adminWho);
    const cat = await seedCatalogue(admin, 'Drill');
    // Four students with complete applications: one confirm before, one during, two after.
    const students: { c: TClient; who: TWho; id: number }[] = [];
    for (const name of ['Anvar', 'Bahrom', 'Dilnoza', 'Gulnora']) {
      const who = await signInAs(one, `${name.toLowerCase()}@drills.test`, 'Student');
      const c = client(one, who);
      students.push({ c, who, id: await completeApplication(one, c, who, name, [cat.universityCourseId]) });
    }
    const onOne = await connectHub(one.baseUrl, adminWho);
    const onTwo = await connectHub(two.url, adminWho);
    const hubs: [string, THubClient][] = [
      ['process one', onOne],
      ['process two', onTwo],
    ];
    const confirm = async (on: 'one' | 'two', index: number) => {
      const s = students[index]!;
      const res =
        on === 'one'
          ? await s.c.post('/Stage/confirm', { studentId: s.id })
          : await apiClient(two.url, s.who).post('/Stage/confirm', { studentId: s.id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return performance.now();
    };
    const names = (h: THubClient) => h.received.map((n) => n.notificationData.fullName);

    // Fan-out works before the fault: a confirm on one reaches the admin on both.
    await confirm('one', 0);
    await eventually(() => onOne.received.length === 1 && onTwo.received.length === 1, 5000, 'fan-out');

    const readers = [apiClient(one.baseUrl, adminWho), apiClient(two.url, adminWho)];
    const load = startLoad({
      rate: RATE,
      durationMs: DURATION_MS,
      maxRequests: Math.ceil((RATE * DURATION_MS) / 1000) + 1,
      timeoutMs: TIMEOUT_MS,
      next: (i) => {
        const api = readers[i % 2]!;
        const kind = `${i % 2 ? 'two' : 'one'}: ${i % 4 < 2 ? 'session' : 'list'}`;
        return {
          kind,
          send: (signal) =>
            i % 4 < 2
              ? api.get('/auth/me', signal)
              : api.post('/University/getListByPage', { page: 0, pageSize: 10 }, signal),
        };
      },
    });

    await wait(3000);
    const faultAt = load.elapsed();
    await redis.stop();
    await wait(1000);
    // Redis away: the confirm handled by process one still reaches the admin connected to it.
    const sent = await confirm('one', 1);
    await eventually(() => onOne.received.length === 2, 5000, 'the notification on process one');
    const localMs = performance.now() - sent;
    await wait(1500);
    const reachedTwoDuringGap = onTwo.received.length === 2;
    await eventually(
      () => /Redis.*(lost|unavailable)/i.test(oneLog.text()),
      5000,
      'the gap in the log of one',
    );
    await eventually(
      () => /Redis.*(lost|unavailable)/i.test(two.server.output()),
      5000,
      'the gap in the log of two',
    );
    await wait(4000);

    await redis.start();
    const backAt = load.elapsed();
    const back = performance.now();
    // Both processes reconnect by themselves (ioredis backs off up to about 5 s between attempts):
    // each one's hub subscriber and publisher log that they are back.
    const reconnected = (log: string) => /hub: Redis back/.test(log) && /hub publisher: Redis back/.test(log);
    await eventually(() => reconnected(oneLog.text()), 15_000, 'process one logging Redis back');
    await eventually(() => reconnected(two.server.output()), 15_000, 'process two logging Redis back');
    const reconnectedMs = performance.now() - back;
    await wait(500); // the subscriber's subscriptions go out right after it is ready
    // Fan-out resumes in both directions, without a restart.
    const sentOnTwo = await confirm('two', 2);
    await eventually(() => names(onOne).includes('Dilnoza Tester'), 5000, 'two → one after Redis is back');
    const twoToOneMs = performance.now() - sentOnTwo;
    const sentOnOne = await confirm('one', 3);
    await eventually(() => names(onTwo).includes('Gulnora Tester'), 5000, 'one → two after Redis is back');
    const oneToTwoMs = performance.now() - sentOnOne;

    const outcomes = await load.done;
    const figures = summarize('Redis stopped (reads on two processes)', outcomes, { faultAt, backAt });
    console.log(
      [
        `  during the gap: confirm on one → admin on one in ${localMs.toFixed(0)} ms; ` +
          `reached the admin on two: ${reachedTwoDuringGap ? 'yes' : 'no (expected: no fan-out without Redis)'}`,
        `  Redis back: both processes reconnected within ${(reconnectedMs / 1000).toFixed(1)} s; ` +
          `fan-out two → one ${twoToOneMs.toFixed(0)} ms, one → two ${oneToTwoMs.toFixed(0)} ms`,
        ...hubs.map(([name, h]) => `  ${name}'s admin received: ${names(h).join(', ')}`),
      ].join('\n'),
    );

    expect(one.app.server.listening).toBe(true);
    expect(two.alive(), two.server.output().slice(-2000)).toBe(true);
    expect(figures.failed, 'every read answered while Redis was away').toBe(0);
    // The emit that could not reach the other process was dropped and said so (not a crash).
    expect(oneLog.text()).toMatch(/an emit to the other processes was dropped/);
    // Nothing arrives twice (a publish held back during the gap may arrive late, never again).
    for (const [, h] of hubs) expect(new Set(names(h)).size).toBe(names(h).length);
    // The admins' sockets stayed connected through the gap.
    expect(onOne.socket.connected && onTwo.socket.connected).toBe(true);
    onOne.close();
    onTwo.close();
  }, 180_000);
});
