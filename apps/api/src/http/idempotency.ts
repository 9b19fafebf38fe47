// `Idempotency-Key` on `add` calls: a retried add on a flaky phone connection creates one row.
// The first answer to a user's key is stored in the database (so every API process sees it) and
// replayed, with its status and body, to the same request sent again within 24 hours.

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a duplicate waits for the first request with its key to finish. */
const WAIT_MS = 10_000;
const POLL_MS = 25;
const SWEEP_EVERY_MS = 60_000;

/**
 * The header as a route's `schema.headers` (documented and validated); other headers pass
 * through untouched (fastify replaces `request.headers` with the validated value).
 */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'validation.invalid')
    .optional()
    .describe(
      'A fresh random value per user action (e.g. a UUID), the same on its retries: a request ' +
        'repeated with the same key within 24 hours gets the first answer and adds nothing.',
    ),
});

export const idempotencyKeyReused = () =>
  new AppError(
    422,
    'Unprocessable Content',
    'This Idempotency-Key was already used for a different request.',
    undefined,
    'idempotencyKeyReused',
  );
export const idempotencyKeyInProgress = () =>
  new AppError(
    409,
    'Conflict',
    'A request with this Idempotency-Key is still being processed.',
    undefined,
    'idempotencyKeyInProgress',
  );

/** The requests that own an idempotency key: their answer is stored on send. */
const owners = new WeakMap<FastifyRequest, { userId: number; key: string }>();

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

/**
 * Route hooks for an add route: `{ ...write, ...idempotent(db), schema: { ..., headers:
 * ZIdempotencyHeaders } }`. Runs after the role check and validation (a refused or invalid request
 * stores nothing). Only success answers are stored; after an error the key is released, so a retry
 * runs again (the failed add wrote nothing). Concurrent duplicates wait for the first one's answer.
 */
export function idempotent(db: TDbOrTx) {
  let lastSweep = 0;
  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)));
  };

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !request.user) return;
    const userId = request.user.id;
    const requestHash = hashOf(request);
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const started = Date.now();
    await sweep(started);
    for (;;) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length) {
        owners.set(request, { userId, key });
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(mine);
      const waited = Date.now() - started > WAIT_MS;
      if (!row && !waited) continue; // released meanwhile: try to take it
      if (!row) throw idempotencyKeyInProgress();
      if (row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
        // Compared in the database: PostgreSQL keeps microseconds, a JS Date only milliseconds.
        await db
          .delete(idempotencyKeys)
          .where(and(mine, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
        continue;
      }
      if (row.requestHash !== requestHash) throw idempotencyKeyReused();
      if (row.status !== null) {
        return reply
          .code(row.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(row.response);
      }
      if (waited) throw idempotencyKeyInProgress();
      await sleep(POLL_MS);
    }
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const owned = owners.get(request);
    if (!owned) return payload;
    owners.delete(request);
    const mine = and(eq(idempotencyKeys.userId, owned.userId), eq(idempotencyKeys.key, owned.key));
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db.update(idempotencyKeys).set({ status: reply.statusCode, response: payload }).where(mine);
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    return payload;
  };

  return { preHandler, onSend };
}
