// `Idempotency-Key` on `add` calls: a retried add on a flaky phone connection creates one row.
// The first answer to a user's key is stored in the database (so every API process sees it) and
// replayed, with its status and body, to the same request sent again within 24 hours. The key is
// claimed inside the add's transaction (SECURITY 34): a process killed mid-way leaves no claim.

import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TDbOrTx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { pauseForTest } from './test-pause.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A claim without an answer (only the earlier release wrote those) is stale after this long. */
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

type TKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * An add's hold on its key, used inside the add's own transaction: `claim` first (the key's row is
 * written by the transaction, so a crash or an error before the commit leaves no key behind, and a
 * concurrent duplicate waits on the row's lock in PostgreSQL, or on the transaction in PGlite),
 * `answer` last (the add's result, kept with the key in the same commit, so a process that dies
 * after the commit and before answering still leaves an answer a retry gets).
 */
export type TIdempotentWrite = {
  claim(tx: TDbOrTx): Promise<void>;
  answer(tx: TDbOrTx, result: unknown): Promise<void>;
};

/** A key found taken inside the add's transaction: the add is rolled back and this answer replayed. */
class TakenKey extends Error {
  constructor(readonly row: TKeyRow) {
    super('idempotency key taken');
  }
}

type TClaim = { userId: number; key: string; requestHash: string; write: TIdempotentWrite };
/** The requests that run their add under a key (their transaction claims it). */
const claims = new WeakMap<FastifyRequest, TClaim>();

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

const keyOf = (userId: number, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Sends a stored answer again: the exact body once the first request answered; before that (still
 * running, or its process died after the commit) the result its transaction kept, through the
 * route's serializer as the first answer went.
 */
function replay(reply: FastifyReply, row: TKeyRow) {
  reply.header('idempotent-replayed', 'true');
  if (row.status !== null && row.response !== null) {
    return reply.code(row.status).type('application/json; charset=utf-8').send(row.response);
  }
  return reply.code(200).send(JSON.parse(row.response ?? 'null'));
}

/**
 * Route hooks for an add route: `{ ...write, ...idempotent(db), schema: { ..., headers:
 * ZIdempotencyHeaders } }`, with the handler wrapped in `idempotentAdd`. Runs after the role check
 * and validation (a refused or invalid request stores nothing). A key already answered is replayed
 * here; otherwise the add's transaction claims it (TIdempotentWrite). Only success answers are kept:
 * a failed add rolls its claim back with it, so a retry runs again.
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
    const claim = { userId: request.user.id, key, requestHash: hashOf(request) };
    const started = Date.now();
    await sweep(started);
    const answered = await answeredRow(db, claim, started);
    if (answered) return replay(reply, answered);
    claims.set(request, { ...claim, write: claimWrite(request, claim) });
  };

  /** The exact answer replaces the kept result once it is sent (a replay is then byte for byte). */
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, response: payload })
        .where(keyOf(claim.userId, claim.key))
        .catch((err: Error) =>
          request.log.warn({ err: err.message }, 'idempotency: the answer is kept as the result only'),
        );
    }
    return payload;
  };

  return { preHandler, onSend };
}

type TKeyClaim = Omit<TClaim, 'write'>;

/**
 * The key's answered row, to replay; undefined when the key is free (an expired row or a claim
 * left by the earlier release is removed first). Waits while another request holds the key.
 */
async function answeredRow(db: TDbOrTx, { userId, key, requestHash }: TKeyClaim, started: number) {
  const mine = keyOf(userId, key);
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (row && row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) {
      // Compared in the database: PostgreSQL keeps microseconds, a JS Date only milliseconds.
      await db
        .delete(idempotencyKeys)
        .where(and(mine, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
      continue;
    }
    if (!row) return undefined;
    if (row.requestHash !== requestHash) throw idempotencyKeyReused();
    if (row.response !== null) return row;
    // A claim without an answer is committed only by the earlier release of this module, which
    // claimed keys outside the add's transaction: in progress there, or left by a crash.
    if (Date.now() - row.createdAt.getTime() > WAIT_MS) {
      await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.response)));
      continue;
    }
    if (Date.now() - started > WAIT_MS) throw idempotencyKeyInProgress();
    await sleep(POLL_MS);
  }
}

/** The add's hold on its key (TIdempotentWrite), used inside the add's transaction. */
function claimWrite(request: FastifyRequest, { userId, key, requestHash }: TKeyClaim): TIdempotentWrite {
  const mine = keyOf(userId, key);
  const { testPauseAt } = request.server.config;
  return {
    claim: async (tx) => {
      const taken = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!taken.length) {
        // Another request with the key committed first (this one waited for it).
        const [row] = await tx.select().from(idempotencyKeys).where(mine);
        if (!row || row.response === null) throw idempotencyKeyInProgress();
        if (row.requestHash !== requestHash) throw idempotencyKeyReused();
        throw new TakenKey(row);
      }
      await pauseForTest(testPauseAt, 'idempotency-claimed', request.log);
    },
    answer: async (tx, result) => {
      await tx
        .update(idempotencyKeys)
        .set({ response: JSON.stringify(result ?? null) })
        .where(mine);
    },
  };
}

/**
 * An idempotent add route's handler: `add` gets the request's TIdempotentWrite (undefined without a
 * key) for its transaction; a key another request took meanwhile answers with that request's answer.
 */
export async function idempotentAdd<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  add: (write: TIdempotentWrite | undefined) => Promise<T>,
): Promise<T | FastifyReply> {
  const claim = claims.get(request);
  try {
    const result = await add(claim?.write);
    if (claim) await pauseForTest(request.server.config.testPauseAt, 'idempotency-committed', request.log);
    return result;
  } catch (err) {
    if (!(err instanceof TakenKey)) throw err;
    claims.delete(request);
    return replay(reply, err.row);
  }
}
