import { ZLanguageChoice, ZMailSettings, ZMe, ZProfileNames } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented } from '../../http/openapi.js';
import { requireUser } from '../../http/session.js';
import { meOf } from './service.js';
import { getStatusMails, setAppLanguage, setProfileNames, setStatusMails } from './users.js';

/** The profile page's own account settings: the name, the interface language, status mails. */
export function registerProfileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app;

  // Profile page: the user corrects their own name; nothing else of the account can be set here.
  app.put(
    '/me',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_updateMe',
        summary: "Correct the user's own name",
        body: ZProfileNames,
        response: { 200: ZMe },
      },
      config: { access: 'signedIn' },
    },
    async (request) => {
      const user = requireUser(request);
      await setProfileNames(database.db, user.id, request.body);
      return meOf(database.db, { ...user, ...request.body });
    },
  );

  app.put(
    '/me/language',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_setLanguage',
        summary: "Store the user's interface language",
        body: ZLanguageChoice,
        response: { 204: documented(z.undefined().describe('Stored.')) },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      await setAppLanguage(database.db, requireUser(request).id, request.body.language);
      return reply.status(204).send();
    },
  );

  // Profile page: the user's own mail settings (issue 12: unsubscribe from status mails).
  app.get(
    '/me/mail-settings',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_mailSettings',
        summary: "The user's mail settings",
        response: { 200: ZMailSettings },
      },
      config: { access: 'signedIn' },
    },
    async (request) => ({ statusMails: await getStatusMails(database.db, requireUser(request).id) }),
  );

  app.put(
    '/me/mail-settings',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_setMailSettings',
        summary: 'Turn status mails on or off',
        body: ZMailSettings,
        response: { 200: ZMailSettings },
      },
      config: { access: 'signedIn' },
    },
    async (request) => {
      await setStatusMails(database.db, requireUser(request).id, request.body.statusMails);
      return { statusMails: request.body.statusMails };
    },
  );
}
