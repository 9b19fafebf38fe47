import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { actorOf, ownsStudent } from '../../resources/scope.js';
import { contentDisposition } from './names.js';
import { findFile, listDocuments } from './repository.js';
import { zCanonicalId } from './route-schemas.js';
import type { TDocumentsDeps } from './service.js';

const ZDocumentRow = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  fileId: z.string(),
  fileName: z.string().nullable(),
});

/** A student's document rows, and downloading a stored file. */
export function registerDownloadRoutes(fastify: FastifyInstance, deps: TDocumentsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/Document/list',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Document'],
        operationId: 'Document_list',
        summary: "A student's document rows with their file names",
        querystring: z.object({ studentId: zCanonicalId.transform(Number) }),
        response: { 200: documented(z.array(ZDocumentRow)), ...problems(404) },
      },
    },
    async (request) => {
      const { studentId } = request.query;
      return db.transaction(async (tx) => {
        // Another owner's student answers exactly like a missing one.
        if (!(await ownsStudent(tx, actorOf(request.user!), studentId))) throw notFound('Student not found.');
        return listDocuments(tx, studentId);
      });
    },
  );

  app.get(
    '/Document/downloadByFileId/:fileId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Document'],
        operationId: 'Document_downloadByFileId',
        summary: 'Download a stored file as an attachment',
        params: z.object({ fileId: z.string() }),
        response: {
          200: {
            description: 'The file, as an attachment with its display name.',
            content: {
              'application/octet-stream': { schema: documented(z.string().describe('The file bytes.')) },
            },
          },
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      // A malformed id, another owner's file and a missing one all give the same 404.
      const missing = () => notFound('File not found');
      const row = await findFile(db, actorOf(request.user!), request.params.fileId);
      const store = row && deps.drivers[row.driver];
      const stat = row && store ? await store.stat(row.driverKey) : null;
      const body = row && store && stat ? await store.get(row.driverKey) : null;
      if (!row || !stat || !body) throw missing();
      return reply
        .header('content-type', row.contentType)
        .header('content-length', stat.size)
        .header('content-disposition', contentDisposition(row.displayName))
        .send(body as never); // a stream: the documented string schema describes its bytes
    },
  );
}
