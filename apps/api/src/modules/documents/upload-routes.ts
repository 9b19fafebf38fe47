import { UPLOAD_EXTENSIONS, ZAppConfig } from '@uniapply/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { actorOf } from '../../resources/scope.js';
import { ZStudentQuery, zCanonicalId } from './route-schemas.js';
import { removeSpooled, storeUpload, type TDocumentsDeps, uploadDocument } from './service.js';
import { limitMb, refuseOversized, spoolUpload } from './upload.js';

const ZUploadFields = z.object({
  studentId: zCanonicalId.transform(Number).optional(),
  UserName: z.string().trim().min(1).max(320).optional(),
  DocumentTypeId: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, 'a whole number')
    .transform(Number)
    .optional(),
});
type TUploadFields = z.infer<typeof ZUploadFields>;
type TSpooledUpload = Awaited<ReturnType<typeof spoolUpload>>;

const ZStoredFile = z.object({ fileId: z.string(), fileName: z.string() });
const ZDocumentUploaded = ZStoredFile.extend({ id: z.number().int(), docPath: z.string() });

const actor = (request: FastifyRequest) => ({ ...actorOf(request.user!), email: request.user!.email });

/** Spools the file, reads the fields, hands over; the spool file never outlives the request. */
async function withUpload<T>(
  request: FastifyRequest,
  deps: TDocumentsDeps,
  limits: { maxBytes: number; stallMs: number },
  work: (fields: TUploadFields, spooled: TSpooledUpload) => Promise<T>,
) {
  const spooled = await spoolUpload(request, deps.spool, limits.maxBytes, limits.stallMs);
  try {
    const fields = ZUploadFields.parse(spooled.fields);
    const query = ZStudentQuery.parse(request.query);
    return await work({ ...fields, studentId: query.studentId ?? fields.studentId }, spooled);
  } finally {
    await removeSpooled(spooled);
  }
}

/** The upload limits (`/config`) and the uploads of the wizard's documents, qualifications and languages. */
export function registerUploadRoutes(fastify: FastifyInstance, deps: TDocumentsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.uploadMaxBytes;
  const limits = { maxBytes, stallMs: app.config.uploadStallMs };
  // Before the body is read: no session means 401 (the access rule), and a declared length over
  // the limit 413.
  const uploading = {
    config: { access: 'signedIn' as const, upload: true },
    onRequest: async (request: FastifyRequest) => refuseOversized(request, maxBytes),
  };

  // The limits a user meets, stated before they bite (issue 18 item 5).
  app.get(
    '/config',
    {
      schema: {
        tags: ['Document'],
        operationId: 'Config_get',
        summary: 'The upload limit and accepted file types',
        response: { 200: documented(ZAppConfig) },
      },
      config: { access: 'signedIn' },
    },
    async () => ({
      uploadMaxBytes: maxBytes,
      uploadMaxMb: limitMb(maxBytes),
      uploadTypes: [...UPLOAD_EXTENSIONS],
    }),
  );

  app.post(
    '/Document/upload',
    {
      ...uploading,
      schema: {
        tags: ['Document'],
        operationId: 'Document_upload',
        summary: 'Upload a document of one of the slots',
        consumes: ['multipart/form-data'],
        response: { 200: documented(ZDocumentUploaded), ...problems(404, 408, 413, 503, 507) },
      },
    },
    (request) =>
      withUpload(request, deps, limits, (f, spooled) => {
        if (f.DocumentTypeId === undefined) throw badRequest('Choose the document type (DocumentTypeId).');
        return uploadDocument(deps, actor(request), spooled, {
          studentId: f.studentId,
          userName: f.UserName,
          documentTypeId: f.DocumentTypeId,
        });
      }),
  );

  for (const base of ['Qualification', 'Language']) {
    app.post(
      `/${base}/upload`,
      {
        ...uploading,
        schema: {
          tags: [base],
          operationId: `${base}_upload`,
          summary: 'Upload a certificate or transcript',
          consumes: ['multipart/form-data'],
          response: { 200: documented(ZStoredFile), ...problems(404, 408, 413, 503, 507) },
        },
      },
      (request) =>
        withUpload(request, deps, limits, async (f, spooled) => {
          if (f.DocumentTypeId !== undefined && f.DocumentTypeId !== 0)
            throw badRequest('DocumentTypeId is 0 here.');
          const stored = await storeUpload(deps, actor(request), spooled, {
            studentId: f.studentId,
            userName: f.UserName,
          });
          return { fileId: stored.fileId, fileName: stored.fileName };
        }),
    );
  }
}
