import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.js';
import { createTestDatabase } from '../db.js';
import { logCapture } from '../log-capture.js';
import { eventually } from '../notifications/sockets.js';
import { startApi, startInProcessApi, type TApiProcess } from './api.js';
import { DRILL_PORTS } from './ports.js';
import { startRedis, type TRedis } from './services.js';

// Drill (issue 11, SECURITY 30): rate limits while Redis fails. Two API processes (one built in
// this process, so its log can be read; one its own process) count requests per address in a
// private Redis. Redis stops: each process goes on counting in its own memory, so an address still
// gets 429 after the limit on each, and no request waits for Redis. Redis starts again: the shared
// count resumes without a restart. Redis freezes (SIGSTOP: connected, answering nothing): a count
// waits at most the command timeout, the limit still holds, and the shared count resumes after
// the thaw. Each gap is logged once per process.

const MAX = 3;
/** Longer than any wait the fallback allows (500 ms command timeout): a request held by Redis shows. */
const REQUEST_LIMIT_MS = 5000;

type TAnswer = { status: number; retryAfter: number; ms: number };

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('drill: rate limits while Redis is stopped or frozen', () => {
  let redis: TRedis;
  let one: TestApp;
  let two: TApiProcess;
  const oneLog = logCapture();
  const times: Record<string, number[]> = {};
  let frozen = false;

  beforeAll(async () => {
    redis = await startRedis({ port: DRILL_PORTS.rateLimitRedis });
    // TRUST_PROXY: each step counts an address of its own, named in X-Forwarded-For.
    const env = { REDIS_URL: redis.url, RATE_LIMIT_ANONYMOUS_MAX: String(MAX), TRUST_PROXY: 'true' };
    one = await startInProcessApi(DRILL_PORTS.rateLimitApiOne, await createTestDatabase(), env, {
      logStream: oneLog.stream,
    });
    two = await startApi(DRILL_PORTS.rateLimitApiTwo, env);
  }, 120_000);
  afterAll(async () => {
    // A failure while Redis is frozen would leave the clients' QUIT waiting for it.
    if (frozen) redis.thaw();
    await two?.stop();
    await one?.close();
    await redis?.close();
  });

  const urls = () => ({ one: one.baseUrl, two: two.url });

  /** One anonymous request from `address` to a process; a request held past the limit is status 0. */
  async function me(on: 'one' | 'two', address: string, phase: string): Promise<TAnswer> {
    const started = performance.now();
    const res = await fetch(`${urls()[on]}/api/auth/me`, {
      headers: { 'x-forwarded-for': address },
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    }).catch(() => null);
    const ms = performance.now() - started;
    times[phase] = [...(times[phase] ?? []), ms];
    await res?.arrayBuffer();
    return { status: res?.status ?? 0, retryAfter: Number(res?.headers.get('retry-after') ?? 0), ms };
  }

  /** MAX requests on each process in turn are answered, the next ones are 429 on both: one count. */
  async function expectShared(address: string, phase: string) {
    const order = ['one', 'two', 'one'] as const;
    for (const on of order.slice(0, MAX)) expect((await me(on, address, phase)).status, on).toBe(401);
    for (const on of ['two', 'one'] as const) {
      const over = await me(on, address, phase);
      expect(over.status, `${phase}: over the shared limit on ${on}`).toBe(429);
      expect(over.retryAfter).toBeGreaterThan(0);
    }
  }

  /** Each process counts MAX requests of its own, then answers 429 with Retry-After. */
  async function expectPerProcess(address: string, phase: string) {
    for (const on of ['one', 'two'] as const) {
      for (let i = 0; i < MAX; i++) {
        const answer = await me(on, address, phase);
        expect(answer.status, `${phase}: request ${i + 1} on ${on}`).toBe(401);
      }
      const over = await me(on, address, phase);
      expect(over.status, `${phase}: over the limit on ${on}`).toBe(429);
      expect(over.retryAfter).toBeGreaterThan(0);
    }
  }

  const gapsIn = (log: string) => log.match(/rate limits: Redis connection lost/g)?.length ?? 0;
  const backsIn = (log: string) => log.match(/rate limits: Redis back/g)?.length ?? 0;
  const slowest = (phase: string) => Math.max(...(times[phase] ?? [0]));

  it('item 30: limits hold per process while Redis is away or frozen, and the shared count resumes when it answers', async () => {
    await wait(1000); // both processes connected to Redis (counts made before are in memory)
    await expectShared('198.51.100.1', 'before');

    // Redis stopped: connection refused.
    await redis.stop();
    await eventually(() => gapsIn(oneLog.text()) === 1, 5000, 'the gap in the log of one');
    await eventually(() => gapsIn(two.server.output()) === 1, 5000, 'the gap in the log of two');
    await expectPerProcess('198.51.100.2', 'stopped');

    // Redis back (empty): both processes reconnect by themselves and share the count again.
    await redis.start();
    const startedAt = performance.now();
    await eventually(() => backsIn(oneLog.text()) === 1, 15_000, 'one logging Redis back');
    await eventually(() => backsIn(two.server.output()) === 1, 15_000, 'two logging Redis back');
    const reconnectedMs = performance.now() - startedAt;
    await expectShared('198.51.100.3', 'restarted');

    // Redis frozen: connected, answering nothing. The first count on each process waits for the
    // command timeout, the next ones are made in memory at once for a second, then Redis is tried again.
    redis.freeze();
    frozen = true;
    const frozenAt = performance.now();
    await expectPerProcess('198.51.100.4', 'frozen');
    await eventually(() => gapsIn(oneLog.text()) === 2, 5000, 'the second gap in the log of one');
    await eventually(() => gapsIn(two.server.output()) === 2, 5000, 'the second gap in the log of two');
    const frozenMs = performance.now() - frozenAt;

    // Thawed: the next count that asks Redis gets an answer, and the shared count resumes.
    redis.thaw();
    frozen = false;
    const thawedAt = performance.now();
    let probe = 0;
    while (backsIn(oneLog.text()) < 2 || backsIn(two.server.output()) < 2) {
      if (performance.now() - thawedAt > 10_000)
        throw new Error('Redis back not logged within 10 s of the thaw');
      probe++;
      await Promise.all([
        me('one', `198.51.101.${probe}`, 'probe'),
        me('two', `198.51.102.${probe}`, 'probe'),
      ]);
      await wait(100);
    }
    const resumedMs = performance.now() - thawedAt;
    await expectShared('198.51.100.5', 'thawed');

    console.log(
      [
        `  limit ${MAX} per address a minute, two processes:`,
        `  Redis stopped: ${MAX} answered and then 429 on each process (per-process counts); ` +
          `slowest request ${slowest('stopped').toFixed(0)} ms`,
        `  Redis started again: both reconnected within ${(reconnectedMs / 1000).toFixed(1)} s; shared count again`,
        `  Redis frozen: limits held, slowest request ${slowest('frozen').toFixed(0)} ms ` +
          `(${times.frozen?.length} requests in ${(frozenMs / 1000).toFixed(1)} s)`,
        `  Redis thawed: shared count again within ${(resumedMs / 1000).toFixed(1)} s (${probe} probes a process)`,
        `  gaps logged: one ${gapsIn(oneLog.text())}, two ${gapsIn(two.server.output())} (one a gap)`,
      ].join('\n'),
    );

    expect(slowest('stopped'), 'no request waits for a stopped Redis').toBeLessThan(1000);
    expect(slowest('frozen'), 'no request waits long for a frozen Redis').toBeLessThan(1000);
    expect(two.alive(), two.server.output().slice(-2000)).toBe(true);
    // One line a gap, however often ioredis tried to reconnect meanwhile.
    expect([gapsIn(oneLog.text()), gapsIn(two.server.output())]).toEqual([2, 2]);
  }, 180_000);
});
