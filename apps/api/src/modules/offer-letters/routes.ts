import {
  type TAppLanguage,
  unknownLetterFields,
  ZOfferLetterTemplate,
  ZOfferLetterTemplateInput,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { serverTranslator } from '../../i18n/catalogues.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf } from '../../resources/scope.js';
import { contentDisposition } from '../documents/names.js';
import { documentsDeps } from '../documents/service.js';
import { sampleFacts } from './letter-values.js';
import { listTemplates, saveTemplate } from './repository.js';
import { letterInput, offerLetter, type TLetterDeps, type TRenderPdf } from './service.js';

// The offer letter (issue 22 item 3). Admins edit the template per language and preview it
// (/OfferLetterTemplate, admins only: students and agents 403, DESIGN's role rule); the applicant
// (the student, the owning agent) and admins download an application's letter
// (GET /ApplicationStatus/offerLetter; another owner's application, or one without an offer: 404).

const pdfResponse = (what: string) => ({
  description: what,
  content: { 'application/pdf': { schema: documented(z.string().describe('The PDF bytes.')) } },
});

/**
 * A template naming fields that are not letter fields: 400 naming them (`validation.unknownPlaceholder`
 * with `fields`), checked before the schema, whose own refusal could not name them.
 */
async function namedUnknownFields(request: { body: unknown }) {
  const body = (request.body as { body?: unknown } | null)?.body;
  if (typeof body !== 'string') return;
  const unknown = unknownLetterFields(body);
  if (unknown.length === 0) return;
  const fields = unknown.map((f) => `{{${f}}}`).join(', ');
  throw badRequest(`These are not letter fields: ${fields}.`, [
    { path: 'body', message: 'validation.unknownPlaceholder', params: { fields } },
  ]);
}

const sendPdf = (reply: FastifyReply, pdf: Uint8Array | NodeJS.ReadableStream, disposition: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store')
    .send(
      (pdf instanceof Uint8Array ? Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) : pdf) as never,
    );

export async function offerLettersModule(fastify: FastifyInstance, { renderPdf }: { renderPdf: TRenderPdf }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const deps: TLetterDeps = {
    ...documentsDeps(app.storage, app.config, db, app.log),
    renderPdf,
    now: () => app.clock.now(),
  };
  const admin = { access: ['Admin'] as const };
  const tags = ['OfferLetterTemplate'];

  app.get(
    '/OfferLetterTemplate',
    {
      config: admin,
      schema: {
        tags,
        operationId: 'OfferLetterTemplate_list',
        summary: "The offer letter's template in each language (admins)",
        description: 'A language never saved answers its built-in text with `updatedAt` null.',
        response: { 200: documented(z.array(ZOfferLetterTemplate)) },
      },
    },
    async () => listTemplates(db),
  );

  app.put(
    '/OfferLetterTemplate',
    {
      config: admin,
      preValidation: namedUnknownFields,
      schema: {
        tags,
        operationId: 'OfferLetterTemplate_save',
        summary: "Save one language's offer letter template (admins)",
        description:
          'Placeholders other than the letter fields: 400 `validation.unknownPlaceholder` naming them.',
        body: ZOfferLetterTemplateInput,
        response: { 200: documented(ZOfferLetterTemplate), ...problems(400) },
      },
    },
    async (req) => saveTemplate(db, req.body, req.user!.id, app.clock.now()),
  );

  app.post(
    '/OfferLetterTemplate/preview',
    {
      config: admin,
      preValidation: namedUnknownFields,
      schema: {
        tags,
        operationId: 'OfferLetterTemplate_preview',
        summary: 'A template (saved or not) as a letter with sample values, as a PDF (admins)',
        body: ZOfferLetterTemplateInput,
        response: { 200: pdfResponse('The sample letter, shown inline.'), ...problems(400, 503) },
      },
    },
    async (req, reply) => {
      const language: TAppLanguage = req.body.language;
      const facts = sampleFacts(serverTranslator(language), app.clock.now());
      const pdf = await renderPdf(letterInput(req.body.body, facts, language));
      return sendPdf(reply, pdf, 'inline; filename="preview.pdf"');
    },
  );

  app.get(
    '/ApplicationStatus/offerLetter',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_offerLetter',
        summary: "An application's offer letter, as a PDF",
        description:
          "In the applicant's language (the owning account's); the applicant (student or owning agent) " +
          "and admins. Another owner's application, or one without an offer: 404.",
        querystring: z.object({ studentCourseId: zQueryInt(1) }).required(),
        response: { 200: pdfResponse('The offer letter, as an attachment.'), ...problems(404, 503) },
      },
    },
    async (req, reply) => {
      const letter = await offerLetter(deps, actorOf(req.user!), req.query.studentCourseId!);
      return sendPdf(reply, letter.body, contentDisposition(letter.fileName));
    },
  );
}
