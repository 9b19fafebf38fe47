import multipart from '@fastify/multipart';
import {
  UPLOAD_EXTENSIONS,
  ZAppConfig,
  ZDocumentRow,
  ZDocumentUploaded,
  ZStoredFile,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { actorOf, ownsStudent } from '../../resources/scope.js';
import { readSettings } from '../../settings/store.js';
import { cleanSpool } from '../../storage/spool.js';
import { registerDriveCheck } from './drive-check.js';
import { contentDisposition } from './names.js';
import { extendRecordsWithFiles } from './record-files.js';
import {
  clearLanguageFile,
  clearQualificationFiles,
  deleteDocument,
  findFile,
  listDocuments,
} from './repository.js';
import { documentsDeps, purgeNow, removeSpooled, storeUpload, uploadDocument } from './service.js';
import { SWEEP_INTERVAL_MS, sweepFiles } from './sweep.js';
import { limitMb, refuseOversized, spoolUpload } from './upload.js';

// Uploads and downloads of spec 7.3 (DESIGN 6 "Files"), for every role within its scope: a student
// their own profile's files, an agent their students', an admin all. Another owner's file or row
// answers exactly like a missing one.

const zCanonicalId = z.string().regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number');
const ZIdParams = z.object({ id: zCanonicalId.transform(Number) });
const ZStudentQuery = z.object({ studentId: zCanonicalId.transform(Number).optional() });
const ZUploadFields = z.object({
  studentId: zCanonicalId.transform(Number).optional(),
  UserName: z.string().trim().min(1).max(320).optional(),
  DocumentTypeId: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/, 'a whole number')
    .transform(Number)
    .optional(),
});

export async function documentsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  const maxBytes = config.uploadMaxBytes;
  const deps = documentsDeps(app.storage, config, database.db, app.log);

  await app.register(multipart, { throwFileSizeLimit: true });
  // Before the resource routes are built (app.ts registers this module before them).
  extendRecordsWithFiles(app.resources, deps);

  const actor = (request: FastifyRequest) => ({ ...actorOf(request.user!), email: request.user!.email });
  // Before the body is read: no session means 401 (the access rule), and a declared length over
  // the limit 413.
  const uploading = {
    config: { access: 'signedIn' as const, upload: true },
    onRequest: async (request: FastifyRequest) => refuseOversized(request, maxBytes),
  };

  /** Spools the file, reads the fields, hands over; the spool file never outlives the request. */
  async function withUpload<T>(
    request: FastifyRequest,
    work: (
      fields: z.infer<typeof ZUploadFields>,
      spooled: Awaited<ReturnType<typeof spoolUpload>>,
    ) => Promise<T>,
  ) {
    const spooled = await spoolUpload(request, deps.spool, maxBytes, config.uploadStallMs);
    try {
      const fields = ZUploadFields.parse(spooled.fields);
      const query = ZStudentQuery.parse(request.query);
      return await work({ ...fields, studentId: query.studentId ?? fields.studentId }, spooled);
    } finally {
      await removeSpooled(spooled);
    }
  }

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
      withUpload(request, (f, spooled) => {
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
        withUpload(request, async (f, spooled) => {
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

  const deleting =
    (what: string, run: typeof deleteDocument) =>
    async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) => {
      const released = await run(database.db, actorOf(request.user!), request.params.id);
      if (released === null) throw notFound(`This ${what} was not found.`);
      await purgeNow(deps, released);
      return reply.status(204).send();
    };
  app.delete(
    '/Document/delete/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Document'],
        operationId: 'Document_delete',
        summary: 'Delete a document and its file',
        params: ZIdParams,
        response: { 204: documented(z.undefined().describe('Deleted.')), ...problems(404) },
      },
    },
    deleting('document', deleteDocument),
  );
  app.delete(
    '/Qualification/deleteFile/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Qualification'],
        operationId: 'Qualification_deleteFile',
        summary: "Delete a qualification's files",
        params: ZIdParams,
        response: { 204: documented(z.undefined().describe('Deleted.')), ...problems(404) },
      },
    },
    deleting('qualification', clearQualificationFiles),
  );
  app.delete(
    '/Language/deleteFile/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Language'],
        operationId: 'Language_deleteFile',
        summary: "Delete a language certificate's file",
        params: ZIdParams,
        response: { 204: documented(z.undefined().describe('Deleted.')), ...problems(404) },
      },
    },
    deleting('language qualification', clearLanguageFile),
  );

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
      return database.db.transaction(async (tx) => {
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
      const row = await findFile(database.db, actorOf(request.user!), request.params.fileId);
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

  registerDriveCheck(app, deps.gdrive);

  // SECURITY 28: a production portal should scan uploads; without clamd it runs, but says so.
  if (config.env === 'production' && !config.clamd) {
    app.log.warn(
      { event: 'no-malware-scanner' },
      'CLAMD_SOCKET is not set: uploads are stored without a malware scan',
    );
  }

  // What a process killed mid-upload left in the spool goes now, not at the first hourly sweep.
  const spoolRemoved = await cleanSpool(deps.spool, { startUp: true }).catch((err: Error) => {
    app.log.error({ err: err.message }, 'spool clean-up at start-up failed');
    return 0;
  });
  if (spoolRemoved) app.log.info({ spoolRemoved }, 'removed uploads cut off by an earlier process');

  // The sweep of unreferenced files, a recurring job: one process of the cluster runs it each time.
  app.jobs.define({
    kind: 'files.sweep',
    everyMs: SWEEP_INTERVAL_MS,
    leaseMs: 30 * 60_000,
    run: async ({ now }) => {
      const { unattachedUploadHours } = await readSettings(database.db);
      return sweepFiles(deps, now, unattachedUploadHours * 3600_000);
    },
  });
}
