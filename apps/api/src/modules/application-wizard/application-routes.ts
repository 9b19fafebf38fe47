import { ZApplication, ZConfirmed, ZRaisedStage, ZStageOut, zId } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { zQueryInt } from '../../resources/hooks.js';
import { inTransaction } from '../../resources/mutations.js';
import { actorOf, type TActor } from '../../resources/scope.js';
import { withChanges } from '../application-status/events.js';
import { confirmApplication, raiseStage, reviewOf } from './review.js';
import { ownProfileId, requireStudent, stageOf } from './stage.js';

// The application routes of the wizard (DESIGN 6): stage, raise, confirm and review. Every role may
// call them; a student reaches only their own profile, an agent their students, an admin all, and
// another owner's student answers exactly like a missing one (404).

const ZRaiseBody = z.object({
  studentId: zId,
  stage: z.number().int().min(1, 'validation.tooSmall').max(10, 'validation.tooLarge'),
});
const ZConfirmBody = z.object({ studentId: zId });

export function registerApplicationRoutes(fastify: FastifyInstance) {
  registerStageRoutes(fastify);
  registerSubmitRoutes(fastify);
}

/**
 * The stored stage of `studentId`, or of the signed-in student's own profile when it is left out
 * (0 and step 0 without one).
 */
async function readStage(tx: TDbOrTx, actor: TActor, studentId: number | undefined) {
  if (studentId === undefined) {
    if (actor.role !== 'Student') {
      throw badRequest('studentId is required.', [
        { path: 'querystring.studentId', message: 'validation.required' },
      ]);
    }
    studentId = await ownProfileId(tx, actor);
    if (studentId === undefined) return { studentId: 0, step: 0 };
  } else await requireStudent(tx, actor, studentId);
  return { studentId, step: await stageOf(tx, studentId) };
}

/** Reading and raising the wizard's stage. */
function registerStageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.get(
    '/Stage/get',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Stage'],
        operationId: 'Stage_get',
        summary: "The student's wizard stage",
        description:
          'A signed-in student may leave out `studentId`: their own profile (0 and step 0 without one).',
        querystring: z.object({ studentId: zQueryInt(1) }),
        response: { 200: documented(ZStageOut), ...problems(404) },
      },
    },
    async (req) => db.transaction((tx) => readStage(tx, actorOf(req.user!), req.query.studentId)),
  );

  app.post(
    '/Stage/raise',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Stage'],
        operationId: 'Stage_raise',
        summary: "Raise the student's wizard stage (never lowers it)",
        description:
          'Next on a step with nothing to save (documents, unchanged data, no experience) calls it. ' +
          'Refuses to pass a step whose data is not saved (400 `earlierStepsMissing`, `params.missing` ' +
          'in the codes of confirm); the experience step is optional.',
        body: ZRaiseBody,
        response: { 200: documented(ZRaisedStage), ...problems(400, 404) },
      },
    },
    async (req) =>
      inTransaction(db, 'stage', (tx) =>
        raiseStage(tx, actorOf(req.user!), req.body.studentId, req.body.stage),
      ),
  );
}

/** Submitting the application, and reading it back whole (the review). */
function registerSubmitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  app.post(
    '/Stage/confirm',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Stage'],
        operationId: 'Stage_confirm',
        summary: 'Submit the application (stage 11)',
        description:
          'Refuses an incomplete application (400 `incompleteApplication`, `params.missing`); otherwise ' +
          'submits every selected course not yet submitted and notifies the admins. A repeated confirm ' +
          'submits nothing new. A course with intakes chosen without one is a 409 `intakeRequired`; each ' +
          'chosen intake must still take applications (issue 21): a closed ' +
          'one, one past its (late) deadline or one whose seat cap is taken is a 409 `intakeClosed`, ' +
          '`intakePast` or `intakeFull` with `params.intakeId`.',
        body: ZConfirmBody,
        response: { 200: documented(ZConfirmed), ...problems(400, 404, 409) },
      },
    },
    async (req) => {
      const { notifications, ...confirmed } = await withChanges(app, (tx, changes) =>
        confirmApplication(tx, actorOf(req.user!), req.body.studentId, changes, app.clock.now()),
      );
      // After the commit; a failure to push them live is logged and never fails the confirm.
      if (notifications.length) app.events.announce(req.log, 'notificationsCreated', notifications);
      return confirmed;
    },
  );

  app.get(
    '/Review/getReview',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Review'],
        operationId: 'Review_getReview',
        summary: "Every step's saved data of the student's application",
        querystring: z.object({ studentId: zQueryInt(1) }).required(),
        response: { 200: documented(ZApplication), ...problems(404) },
      },
    },
    async (req) => db.transaction((tx) => reviewOf(tx, actorOf(req.user!), req.query.studentId!)),
  );
}
