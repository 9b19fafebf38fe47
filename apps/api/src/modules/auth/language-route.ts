import { LANGUAGE_STORAGE_KEY, LANGUAGES } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';

/** The pages that carry the language form: the prerendered first screens (http/web.ts). */
const FIRST_SCREENS = ['/', '/login'] as const;

const ZLanguageForm = z.object({
  language: z.enum(LANGUAGES),
  returnTo: z.string().max(100).optional(),
});

/**
 * A signed-out visitor's language choice on a prerendered first screen (`/`, `/login`), which runs
 * no React: a plain form posts here, the answer sets the `appLanguage` cookie (the one the app
 * writes, read by the server to choose the page, and by the app: not HttpOnly) and sends the
 * browser back to that page, now in that language. A form post like any other write: the
 * same-origin rule applies (the pages send `Referrer-Policy: same-origin` so the browser names its
 * origin). The account's own language is `PUT /me/language`.
 */
export async function registerLanguageRoute(fastify: FastifyInstance) {
  // Form bodies are parsed in this scope only.
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/language',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_chooseLanguage',
        summary: 'Choose the language of the signed-out pages (an HTML form)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZLanguageForm,
        response: {
          303: documented(z.undefined().describe('Sets the appLanguage cookie; back to `/` or `/login`.')),
          ...problems(400, 429),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { language, returnTo } = request.body;
      reply.setCookie(LANGUAGE_STORAGE_KEY, language, {
        path: '/',
        maxAge: 365 * 24 * 60 * 60,
        sameSite: 'lax',
        secure: app.config.secureCookies,
      });
      const back = FIRST_SCREENS.find((path) => path === returnTo) ?? '/';
      return reply.redirect(back, 303);
    },
  );
}
