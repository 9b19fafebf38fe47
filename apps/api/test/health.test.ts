import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the process up and the database reachable', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
  });

  it('answers unknown API paths with problem+json', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a graceful stop (SIGTERM: rolling restarts behind a proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stops accepting, answers /api/ready with 503, and waits for the request in flight', async () => {
    // A request in flight: its body arrives in two parts, the second after the stop began.
    const url = new URL('/api/auth/me', t.baseUrl);
    const body = JSON.stringify({ padding: 'x'.repeat(100) });
    const answered = new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 800);
    });
    await new Promise((r) => setTimeout(r, 200));
    const drained = t.app.drain({ settleMs: 100, maxMs: 10_000 });
    expect(t.app.draining).toBe(true);
    expect((await t.app.inject('/api/ready')).statusCode).toBe(503);
    await expect(fetch(`${t.baseUrl}/api/health`)).rejects.toThrow(); // connection refused
    const status = await answered;
    expect(status).toBeGreaterThanOrEqual(200); // an answer, not a reset connection
    const { waitedMs, inFlight } = await drained;
    expect(inFlight).toBe(0);
    expect(waitedMs).toBeGreaterThanOrEqual(400);
  });
});
