import { ZApplicationStatusState, ZDocumentRequest, ZOpenDocumentRequest } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf } from '../../resources/scope.js';
import type { TDocumentsDeps } from '../documents/service.js';
import { refuseOversized } from '../documents/upload.js';
import { listOpenRequests, listRequests, OPEN_REQUESTS_MAX } from './repository.js';
import { answerWithUpload } from './request-answer.js';

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

/** Document requests: reading them (every role within its scope) and answering one with a file. */
export function registerRequestRoutes(fastify: FastifyInstance, deps: TDocumentsDeps) {
  registerRequestReads(fastify);
  registerRequestUpload(fastify, deps);
}

function registerRequestReads(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

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
}

function registerRequestUpload(fastify: FastifyInstance, deps: TDocumentsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.uploadMaxBytes;

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
      return answerWithUpload(app, deps, req, actor, req.query.requestId);
    },
  );
}
