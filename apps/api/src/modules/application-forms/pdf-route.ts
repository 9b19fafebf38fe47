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

/** Renders a PDF in the app's one pool of workers; busy: 503 `pdfBusy` with Retry-After. */
export type TRenderPdf = (input: unknown, transfer?: ArrayBuffer[]) => Promise<Uint8Array>;

/**
 * The app's one PDF pool (the application form and the offer letter share its workers, fonts and
 * its PDF_CONCURRENCY limit); it ends with the app.
 */
export function createPdfRenderer(app: FastifyInstance): TRenderPdf {
  const { config } = app;
  const pool = new PdfPool({ size: config.pdf.concurrency, queueWaitMs: config.pdf.queueWaitMs });
  app.addHook('onClose', () => pool.close());
  return async (input, transfer = []) => {
    try {
      return await pool.render(input, transfer);
    } catch (err) {
      if (!(err instanceof PdfBusyError)) throw err;
      const busy = pdfBusy(err.retryAfterSeconds);
      busy.retryAfterSeconds = err.retryAfterSeconds;
      throw busy;
    }
  };
}

/** Registers the route (call it in a plugin with the `/api` prefix) on the app's PDF renderer. */
export async function registerPdfRoute(fastify: FastifyInstance, { renderPdf }: { renderPdf: TRenderPdf }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  const drivers = app.storage.all;

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
      const pdf = await renderPdf(input, input.photo ? [input.photo.buffer as ArrayBuffer] : []);
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
