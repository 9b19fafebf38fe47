import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { TCapturedRequest } from './api-server.js';

export type TLoadResult = { requests: number; seconds: number; latenciesMs: number[]; errors: number };

/**
 * Replays captured API requests' SQL as fast as `connections` workers can for `seconds`: query
 * groups in order, the queries of a group together, as the API sent them. `request` is one request,
 * or a function that draws the next one (the list bench's spread of queries).
 */
export async function replaySql(
  url: string,
  request: TCapturedRequest | (() => TCapturedRequest),
  connections: number,
  seconds: number,
  /** PostgreSQL connections the workers share (default one each). */
  poolSize = connections,
): Promise<TLoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Open every connection first, as autocannon does before it starts the clock.
  const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
  for (const c of clients) c.release();

  const latenciesMs: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        for (const group of typeof request === 'function' ? request() : request) {
          await Promise.all(
            group.map((q) => pool.query({ text: q.text, values: q.params, rowMode: 'array' })),
          );
        }
        latenciesMs.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return { requests: latenciesMs.length, seconds: elapsed, latenciesMs, errors };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
