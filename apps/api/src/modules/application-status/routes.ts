import multipart from '@fastify/multipart';
import {
  type TStatusMove,
  ZApplicationStatus,
  ZApplicationStatusDetail,
  ZApplicationStatusState,
  ZDocumentRequest,
  ZOpenDocumentRequest,
  ZStatusMove,
  ZStatusUndo,
  ZWithdraw,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotent, idempotentAdd } from '../../http/idempotency.js';
import { documented, problems } from '../../http/openapi.js';
import { requireRole, requireUser } from '../../http/session.js';
import { zQueryInt } from '../../resources/hooks.js';
import { idempotentSchema } from '../../resources/operations.js';
import { actorOf } from '../../resources/scope.js';
import { releaseFiles } from '../documents/repository.js';
import { discard, documentsDeps, purgeNow, removeSpooled, storeUpload } from '../documents/service.js';
import { refuseOversized, spoolUpload } from '../documents/upload.js';
import { withChanges } from './events.js';
import { registerOverview } from './overview.js';
import {
  listHistory,
  listOpenRequests,
  listRequests,
  listStates,
  OPEN_REQUESTS_MAX,
  stateOf,
} from './repository.js';
import {
  answerRequest,
  moveStatus,
  requireApplication,
  requireRequest,
  undoMove,
  withdraw,
} from './service.js';

// The status pipeline's routes (issue 12). Reads are for every role within its scope (admin all,
// an agent their students, a student their own profile; another owner's application is a 404 like
// a missing one); moves and undo are the admins'; withdraw is the applicant side's.

const ZStudentCourseQuery = z.object({ studentCourseId: zQueryInt(1) }).required();
const ZListQuery = z.object({ studentId: zQueryInt(1), status: ZApplicationStatus.optional() });
const ZRequestListQuery = z.object({
  studentId: zQueryInt(1),
  studentCourseId: zQueryInt(1),
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
const ZUploadQuery = z.object({ requestId: zQueryInt(1) }).required();
const ZAnswered = z.object({
  request: ZDocumentRequest,
  state: ZApplicationStatusState,
});

const _signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};
const _admins = async (request: FastifyRequest) => {
  requireRole(request, 'Admin');
};
const _applicants = async (request: FastifyRequest) => {
  requireRole(request, 'Student', 'Agent');
};

export async function applicationStatusModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps = documentsDeps(app.storage, app.config, db, app.log);
  const maxBytes = app.config.uploadMaxBytes;
  await app.register(multipart, { throwFileSizeLimit: true });

  const changing = <T>(work: Parameters<typeof withChanges<T>>[1]) => withChanges(app, work);

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

  registerOverview(app);

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
        return { state, history, requests };
      });
    },
  );

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
        changing((tx, changes) => moveStatus(tx, changes, actorOf(req.user!), req.body as TStatusMove, key)),
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
    async (req) => changing((tx, changes) => undoMove(tx, changes, actorOf(req.user!), req.body)),
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

  app.get(
    '/DocumentRequest/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['DocumentRequest'],
        operationId: 'DocumentRequest_list',
        summary: 'Document requests of the applications the caller may see',
        description: '`open=true`: only unanswered ones (the dashboards).',
        querystring: ZRequestListQuery,
        response: { 200: documented(z.array(ZDocumentRequest)) },
      },
    },
    async (req) => db.transaction((tx) => listRequests(tx, actorOf(req.user!), req.query)),
  );

  app.get(
    '/DocumentRequest/open',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['DocumentRequest'],
        operationId: 'DocumentRequest_open',
        summary: 'Unanswered document requests, with their student and course',
        description:
          'Waiting longest first, at most ' +
          `${OPEN_REQUESTS_MAX}. An agent gets their students' requests, a student their own, an ` +
          'admin every one. Applications in a final status (withdrawn, rejected, enrolled) are left out.',
        response: { 200: documented(z.array(ZOpenDocumentRequest)) },
      },
    },
    async (req) => db.transaction((tx) => listOpenRequests(tx, actorOf(req.user!))),
  );

  app.post(
    '/DocumentRequest/upload',
    {
      config: { access: 'signedIn', upload: true },
      onRequest: async (request) => refuseOversized(request, maxBytes),
      schema: {
        tags: ['DocumentRequest'],
        operationId: 'DocumentRequest_upload',
        summary: 'Answer a document request with a file',
        description:
          'The same upload rules as the wizard (type by name and content, size). The file is a new one ' +
          'attached to the request; it never replaces a wizard document. Once every request of the ' +
          'application is answered, it returns to `underReview` by itself. An answered request takes a ' +
          'replacement while the application is in `documentsRequested` or `underReview`; later a 409 ' +
          '`answerFinal`.',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: documented(ZAnswered), ...problems(404, 408, 409, 413) },
      },
    },
    async (req) => {
      const actor = { ...actorOf(req.user!), email: req.user!.email };
      const { requestId } = req.query;
      // A foreign or missing request is refused before the body is read.
      const target = await requireRequest(db, actor, requestId);
      const spooled = await spoolUpload(req, deps.spool, maxBytes, app.config.uploadStallMs);
      let stored: Awaited<ReturnType<typeof storeUpload>>;
      try {
        stored = await storeUpload(deps, actor, spooled, { studentId: target.studentId, attaching: true });
      } finally {
        await removeSpooled(spooled);
      }
      let released: string[] = [];
      try {
        const result = await changing(async (tx, changes) => {
          const answered = await answerRequest(tx, changes, actor, requestId, stored.fileId);
          if (answered.replaced) released = await releaseFiles(tx, stored.studentId, [answered.replaced]);
          const [request] = await listRequests(tx, actor, { studentCourseId: target.studentCourseId }).then(
            (rows) => rows.filter((r) => r.id === requestId),
          );
          return { request: request!, state: answered.state };
        });
        await purgeNow(deps, released);
        return result;
      } catch (err) {
        await discard(deps, stored.studentId, [stored.fileId]);
        throw err;
      }
    },
  );
}
