import { afterEach, describe, expect, it } from 'vitest';
import { PdfBusyError, PdfPool } from '../../src/modules/application-forms/pdf-pool.js';

// The worker pool's own rules, with a stand-in renderer: bounded, a short wait then busy, and a
// crashed or stuck worker replaced without taking the pool down.

const workerUrl = new URL('./fixtures/stand-in-worker.mjs', import.meta.url);
let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('PdfPool', () => {
  it('runs at most `size` at once; a waiter gets the next free worker, one that waits too long is busy', async () => {
    pool = new PdfPool({ size: 1, queueWaitMs: 500, workerUrl });
    const first = pool.render({ delay: 1500 });
    const second = pool.render({ delay: 0 }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    const busy = await second;
    expect(busy).toBeInstanceOf(PdfBusyError);
    expect((busy as PdfBusyError).retryAfterSeconds).toBe(1);
    expect(Array.from(await first)).toEqual([37, 80, 68, 70]);
    const waiting = Promise.all([pool.render({ delay: 100 }), pool.render({ delay: 0 })]);
    expect((await waiting).map((pdf) => pdf.length)).toEqual([4, 4]);
  });

  it('refuses at once beyond the queue limit', async () => {
    pool = new PdfPool({ size: 1, queueWaitMs: 5000, maxQueue: 1, workerUrl });
    const running = pool.render({ delay: 300 });
    await new Promise((r) => setTimeout(r, 50));
    const queued = pool.render({ delay: 0 });
    const started = performance.now();
    await expect(pool.render({ delay: 0 })).rejects.toBeInstanceOf(PdfBusyError);
    expect(performance.now() - started).toBeLessThan(1000); // not the 5 s wait
    await Promise.all([running, queued]);
  });

  it('a crash or a render over its time fails that request only; the next gets a fresh worker', async () => {
    pool = new PdfPool({ size: 1, queueWaitMs: 5000, renderTimeoutMs: 2000, workerUrl });
    await expect(pool.render({ crash: true })).rejects.toThrow(/stopped/);
    expect((await pool.render({})).length).toBe(4);
    await expect(pool.render({ hang: true })).rejects.toThrow(/too long/);
    expect((await pool.render({})).length).toBe(4);
    await expect(pool.render({ fail: true })).rejects.toThrow(/bad input/);
    expect((await pool.render({})).length).toBe(4);
  });

  it('ends a worker idle for idleTimeoutMs; the next render starts a fresh one', async () => {
    pool = new PdfPool({ size: 2, queueWaitMs: 1000, idleTimeoutMs: 300, workerUrl });
    await Promise.all([pool.render({ delay: 50 }), pool.render({ delay: 50 })]);
    expect(pool.workers).toBe(2);
    await pool.render({}); // reuses an idle one (its idle time starts again)
    expect(pool.workers).toBe(2);
    const deadline = Date.now() + 10_000;
    while (pool.workers > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(pool.workers).toBe(0);
    expect((await pool.render({})).length).toBe(4);
    expect(pool.workers).toBe(1);
  });
});
