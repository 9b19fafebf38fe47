import { applicationFormFileName } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { catalogueLanguage } from '../../i18n/catalogues.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf } from '../../resources/scope.js';
import { contentDisposition } from '../documents/names.js';
import { loadPdfInput } from './pdf-data.js';
import { PdfBusyError, PdfPool } from './pdf-pool.js';

// GET /api/ApplicationForm/generate-application-form?studentCourseId= (spec 7.3, issue 10 item 2):
// the application of a submitted course as an A4 PDF attachment. Admins reach every one, an agent
// their students', a student their own; anything else is the same 404 as a missing id. Rendering
// runs in worker threads, at most PDF_CONCURRENCY at once; the rest wait briefly, then get a 503.

const pdfBusy = (retryAfterSeconds: number) =>
  new AppError(
    503,
    'Service Unavailable',
    'Too many application forms are being prepared. Please try again in a few seconds.',
    undefined,
    'pdfBusy',
    { retryAfter: retryAfterSeconds },
  );

/** Registers the route (call it in a plugin with the `/api` prefix); the pool ends with the app. */
export async function registerPdfRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  const pool = new PdfPool({ size: config.pdf.concurrency, queueWaitMs: config.pdf.queueWaitMs });
  const drivers = app.storage.all;
  app.addHook('onClose', () => pool.close());

  app.get(
    '/ApplicationForm/generate-application-form',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['ApplicationForm'],
        operationId: 'ApplicationForm_generateApplicationForm',
        summary: 'The application form of a submitted course, as a PDF',
        description:
          "Labels are in the signed-in user's saved language. The file name is " +
          '`{first} {middle} {last} Application Form.pdf` (RFC 6266). When every renderer is busy ' +
          'for a few seconds: 503 `pdfBusy` with `Retry-After`.',
        querystring: z.object({ studentCourseId: zQueryInt(1) }).required(),
        response: {
          200: {
            description: 'The application form, as an attachment.',
            content: { 'application/pdf': { schema: documented(z.string().describe('The PDF bytes.')) } },
          },
          ...problems(404, 503),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const language = catalogueLanguage(user.appLanguage);
      const input = await loadPdfInput(database.db, drivers, actorOf(user), {
        studentCourseId: request.query.studentCourseId!,
        language,
        maxPhotoBytes: config.uploadMaxBytes,
      });
      let pdf: Uint8Array;
      try {
        pdf = await pool.render(input, input.photo ? [input.photo.buffer as ArrayBuffer] : []);
      } catch (err) {
        if (err instanceof PdfBusyError) {
          reply.header('retry-after', String(err.retryAfterSeconds));
          throw pdfBusy(err.retryAfterSeconds);
        }
        throw err;
      }
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          contentDisposition(applicationFormFileName(input.application.studentInfo)),
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never); // bytes: the documented string schema describes them
    },
  );
}
