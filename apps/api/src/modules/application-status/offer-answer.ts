import {
  isOpenOffer,
  mayMove,
  type TApplicationStatusState,
  type TOfferAnswer,
  ZApplicationStatusState,
  ZOfferAnswer,
} from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TDbOrTx } from '../../db/client.js';
import { offers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { idempotent, idempotentAdd, type TIdempotentWrite } from '../../http/idempotency.js';
import { documented, problems } from '../../http/openapi.js';
import { idempotentSchema } from '../../resources/operations.js';
import { actorOf, type TActor } from '../../resources/scope.js';
import { type ChangeCollector, withChanges } from './events.js';
import { lockStatus, stateOf, type TApplicationRef } from './repository.js';
import { applicationNotFound, lockSeen, requireApplication, statusConflict, writeChange } from './service.js';

// Issue 22 item 4: the applicant's answer to an offer (the student on their own profile, or the
// owning agent). Accepting may decline the student's other open offers in the same transaction;
// the whole step is one commit, or nothing. The answer is the applicant's move of the table
// (mayMove('applicant', …)), so no admin can undo it (undo takes admin moves only).

/** The offer's answer-by date has passed: the answer is refused (the lapse job closes the offer). */
export const offerAnswerPast = (answerBy: string) =>
  new AppError(
    409,
    'Conflict',
    `The date to answer this offer (${answerBy}) has passed.`,
    undefined,
    'offerAnswerPast',
    { answerBy },
  );

/** The application's offer row (for update), if the admin's move created one. */
async function lockOffer(tx: TDbOrTx, studentCourseId: number) {
  const [row] = await tx
    .select({ id: offers.id, answerBy: offers.answerBy })
    .from(offers)
    .where(eq(offers.studentCourseId, studentCourseId))
    .for('update');
  return row;
}

/** Writes one answer: the offer's answered_at, the status, the history row and the change. */
async function recordAnswer(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  app: TApplicationRef,
  from: TApplicationStatusState['status'],
  to: 'offerAccepted' | 'offerDeclined',
  now: Date,
) {
  await tx
    .update(offers)
    .set({ answeredAt: now.toISOString() })
    .where(eq(offers.studentCourseId, app.studentCourseId));
  await writeChange(tx, changes, app, { from, to, by: actor });
}

/**
 * Accepts or declines the offer of `input.studentCourseId` at `now` (the app's clock). 404 for a
 * missing application or another owner's, and for a `declineOthers` id that is not another
 * application of the same student; 409 `statusConflict` for a stale version or a status that is
 * not an open offer (the answered one or one to decline); 409 `offerAnswerPast` after the offer's
 * answer-by date. Every status row the step touches is locked in id order (two answers of one
 * student, each declining the other, wait for each other instead of deadlocking).
 */
export async function answerOffer(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  input: TOfferAnswer,
  now: Date,
  key?: TIdempotentWrite,
): Promise<TApplicationStatusState> {
  const app = await requireApplication(tx, actor, input.studentCourseId);
  const others: TApplicationRef[] = [];
  for (const id of new Set(input.declineOthers)) {
    const other = await requireApplication(tx, actor, id);
    // Another student's application (an agent's other student) behaves like a missing one.
    if (other.studentId !== app.studentId) throw applicationNotFound();
    others.push(other);
  }
  // Claimed before the version check: the same answer sent again waits for this one and gets its
  // answer, instead of a false "changed meanwhile".
  await key?.claim(tx);
  const ordered = [app, ...others].sort((a, b) => a.studentCourseId - b.studentCourseId);
  const current = new Map<number, Awaited<ReturnType<typeof lockStatus>>>();
  for (const a of ordered)
    current.set(
      a.studentCourseId,
      a === app
        ? await lockSeen(tx, a.studentCourseId, input.version)
        : await lockStatus(tx, a.studentCourseId),
    );
  const to = input.answer === 'accept' ? 'offerAccepted' : 'offerDeclined';
  const mine = current.get(app.studentCourseId)!;
  if (!isOpenOffer(mine.status) || !mayMove('applicant', mine.status, to))
    throw statusConflict('illegal', mine);
  for (const other of others) {
    const status = current.get(other.studentCourseId)!;
    if (!isOpenOffer(status.status)) throw statusConflict('illegal', status);
  }
  const offer = await lockOffer(tx, app.studentCourseId);
  if (offer && new Date(offer.answerBy).getTime() <= now.getTime())
    throw offerAnswerPast(new Date(offer.answerBy).toISOString());
  await recordAnswer(tx, changes, actor, app, mine.status, to, now);
  for (const other of others)
    await recordAnswer(
      tx,
      changes,
      actor,
      other,
      current.get(other.studentCourseId)!.status,
      'offerDeclined',
      now,
    );
  const state = await stateOf(tx, app);
  await key?.answer(tx, state);
  return state;
}

/** `POST /ApplicationStatus/answerOffer` (students and agents; an admin's attempt is a 403). */
export function registerOfferAnswerRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.post(
    '/ApplicationStatus/answerOffer',
    {
      config: { access: ['Student', 'Agent'] },
      // A double tap with its Idempotency-Key answers once.
      ...idempotent(db),
      schema: idempotentSchema(
        {
          tags: ['ApplicationStatus'],
          operationId: 'ApplicationStatus_answerOffer',
          summary: 'Accept or decline an offer (the student or the owning agent)',
          description:
            'From `conditionalOffer` or `unconditionalOffer`: `accept` gives `offerAccepted`, `decline` ' +
            '`offerDeclined`. Accepting may decline other open offers of the same student ' +
            '(`declineOthers`) in the same step: all or nothing. A stale `version` or a status that is ' +
            'not an open offer is a 409 `statusConflict`; after the offer’s answer-by date a 409 ' +
            '`offerAnswerPast` with `params.answerBy`; an id that is not an application of the same ' +
            'student a 404. No one can undo an answer.',
          response: { 200: documented(ZApplicationStatusState), ...problems(404, 409) },
        },
        ZOfferAnswer,
      ),
    },
    async (req, res) =>
      idempotentAdd(req, res, (key) =>
        withChanges(app, (tx, changes) =>
          answerOffer(tx, changes, actorOf(req.user!), req.body as TOfferAnswer, app.clock.now(), key),
        ),
      ),
  );
}
