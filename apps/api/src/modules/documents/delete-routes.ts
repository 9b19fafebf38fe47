import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { actorOf } from '../../resources/scope.js';
import { clearLanguageFile, clearQualificationFiles, deleteDocument } from './repository.js';
import { ZIdParams } from './route-schemas.js';
import { purgeNow, type TDocumentsDeps } from './service.js';

/** Deleting a document row, or a qualification's or language certificate's files, with their bytes. */
export function registerDeleteRoutes(fastify: FastifyInstance, deps: TDocumentsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deleting =
    (what: string, run: typeof deleteDocument) =>
    async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      const released = await run(deps.db, actorOf(request.user!), request.params.id);
      if (released === null) throw notFound(`This ${what} was not found.`);
      await purgeNow(deps, released);
      return reply.status(204).send();
    };
  const schema = (tag: string, operation: string, summary: string) => ({
    tags: [tag],
    operationId: `${tag}_${operation}`,
    summary,
    params: ZIdParams,
    response: { 204: documented(z.undefined().describe('Deleted.')), ...problems(404) },
  });

  app.delete(
    '/Document/delete/:id',
    {
      config: { access: 'signedIn' },
      schema: schema('Document', 'delete', 'Delete a document and its file'),
    },
    deleting('document', deleteDocument),
  );
  app.delete(
    '/Qualification/deleteFile/:id',
    {
      config: { access: 'signedIn' },
      schema: schema('Qualification', 'deleteFile', "Delete a qualification's files"),
    },
    deleting('qualification', clearQualificationFiles),
  );
  app.delete(
    '/Language/deleteFile/:id',
    {
      config: { access: 'signedIn' },
      schema: schema('Language', 'deleteFile', "Delete a language certificate's file"),
    },
    deleting('language qualification', clearLanguageFile),
  );
}
