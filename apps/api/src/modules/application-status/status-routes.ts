import {
  type TStatusMove,
  ZActionNeeded,
  ZApplicationStatus,
  ZApplicationStatusDetail,
  ZApplicationStatusState,
  ZStatusMove,
  ZStatusUndo,
  ZWithdraw,
} from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent, idempotentAdd } from '../../http/idempotency.js';
import { documented, problems } from '../../http/openapi.js';
import { zQueryInt } from '../../resources/hooks.js';
import { idempotentSchema } from '../../resources/operations.js';
import { actorOf } from '../../resources/scope.js';
import { offerOf } from '../offers/repository.js';
import { withChanges } from './events.js';
import { listActionNeeded, listHistory, listRequests, listStates, stateOf } from './repository.js';
import { moveStatus, requireApplication, undoMove, withdraw } from './service.js';

const ZStudentCourseQuery = z.object({ studentCourseId: zQueryInt(1) }).required();
const ZListQuery = z.object({ studentId: zQueryInt(1), status: ZApplicationStatus.optional() });

/** Reading an application's status (every role within its scope) and its moves (admins, applicants). */
export function registerStatusRoutes(fastify: FastifyInstance) {
  registerStatusReads(fastify);
  registerStatusMoves(fastify);
}

/** The list and one application's status, timeline and requests. */
function registerStatusReads(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/ApplicationStatus/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_list',
        summary: 'The status of every application the caller may see',
        description: 'One row per submitted course; `studentId` and `status` narrow the list.',
        querystring: ZListQuery,
        response: { 200: documented(z.array(ZApplicationStatusState)) },
      },
    },
    async (req) => db.transaction((tx) => listStates(tx, actorOf(req.user!), req.query)),
  );

  app.get(
    '/ApplicationStatus/actionNeeded',
    {
      config: { access: ['Student', 'Agent'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_actionNeeded',
        summary: 'The applications that wait for the caller, named (Action needed)',
        description:
          "Issue 22: each application of the caller (a student's own, an agent's students') that " +
          'waits for the applicant side (documents requested, an offer to answer), with the student, ' +
          'the course and the university, and for an open offer its `answerBy` instant (else null).',
        response: { 200: documented(z.array(ZActionNeeded)) },
      },
    },
    async (req) => db.transaction((tx) => listActionNeeded(tx, actorOf(req.user!))),
  );

  app.get(
    '/ApplicationStatus/get',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_get',
        summary: "One application's status, timeline and document requests",
        description: 'Students and agents never receive internal notes (their `message` is null).',
        querystring: ZStudentCourseQuery,
        response: { 200: documented(ZApplicationStatusDetail), ...problems(404) },
      },
    },
    async (req) => {
      const actor = actorOf(req.user!);
      return db.transaction(async (tx) => {
        const found = await requireApplication(tx, actor, req.query.studentCourseId);
        // One after the other: a transaction is one connection (pg warns about parallel queries).
        const state = await stateOf(tx, found);
        const history = await listHistory(tx, found.studentCourseId, actor.role !== 'Admin');
        const requests = await listRequests(tx, actor, { studentCourseId: found.studentCourseId });
        const offer = await offerOf(tx, found.studentCourseId);
        return { state, history, requests, offer };
      });
    },
  );
}

/** Moves and undo are the admins'; withdraw is the applicant side's. */
function registerStatusMoves(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const changing = <T>(work: Parameters<typeof withChanges<T>>[1]) => withChanges(app, work);

  app.post(
    '/ApplicationStatus/move',
    {
      config: { access: ['Admin'] },
      // Issue 20 item 6: a move sent twice with its Idempotency-Key (a double click) moves once.
      ...idempotent(db),
      schema: idempotentSchema(
        {
          tags: ['ApplicationStatus'],
          operationId: 'ApplicationStatus_move',
          summary: 'Move an application to another status (admins)',
          description:
            'Every move of the shared table but `withdrawn`. `version` is the one the admin saw: a stale ' +
            'version or a move the table does not allow is a 409 `statusConflict` with ' +
            '`params.current`. `documentsRequested` takes the requested documents in `requests`.',
          response: { 200: documented(ZApplicationStatusState), ...problems(404, 409) },
        },
        ZStatusMove,
      ),
    },
    async (req, res) =>
      idempotentAdd(req, res, (key) =>
        changing((tx, changes) =>
          moveStatus(tx, changes, actorOf(req.user!), req.body as TStatusMove, key, app.clock.now()),
        ),
      ),
  );

  app.post(
    '/ApplicationStatus/undo',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_undo',
        summary: "Undo the admin's own last move within 24 hours",
        description:
          'Recorded in the history (`undoes`); unanswered requests of an undone documents request go. ' +
          'Nothing to undo is a 409 `undoUnavailable`.',
        body: ZStatusUndo,
        response: { 200: documented(ZApplicationStatusState), ...problems(404, 409) },
      },
    },
    async (req) =>
      changing((tx, changes) => undoMove(tx, changes, actorOf(req.user!), req.body, app.clock.now())),
  );

  app.post(
    '/ApplicationStatus/withdraw',
    {
      config: { access: ['Student', 'Agent'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_withdraw',
        summary: 'Withdraw an application (the student or the owning agent)',
        description: 'Possible until the tuition deposit is paid; afterwards a 409 `statusConflict`.',
        body: ZWithdraw,
        response: { 200: documented(ZApplicationStatusState), ...problems(404, 409) },
      },
    },
    async (req) => changing((tx, changes) => withdraw(tx, changes, actorOf(req.user!), req.body)),
  );
}
