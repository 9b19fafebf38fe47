import { ZMe } from '@uniapply/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented } from '../../http/openapi.js';
import { clearSessionCookie, requireUser, sessionCookieName } from '../../http/session.js';
import { deleteSession, sessionKey } from '../../http/session-store.js';
import { meOf } from './service.js';

/** The session: who is signed in (`GET /me`) and signing out (`/logout`). */
export function registerSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_me',
        summary: 'The signed-in user',
        response: { 200: ZMe },
      },
      config: { access: 'signedIn' },
    },
    async (request) => meOf(database.db, requireUser(request)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        operationId: 'Auth_logout',
        summary: 'End the session (also without one)',
        response: { 204: documented(z.undefined().describe('Signed out.')) },
      },
      // Never rate limited: a user who met the limit can still sign out.
      config: { access: 'public', rateLimit: false },
    },
    async (request, reply: FastifyReply) => {
      const token = request.cookies[sessionCookieName(config.secureCookies)];
      if (token && token.length <= 100) {
        await deleteSession(database.db, token);
        // Its open sockets close too (the notifications hub listens).
        app.events.announce(request.log, 'sessionEnded', sessionKey(token));
      }
      request.log.info({ event: 'sign-out', userId: request.user?.id ?? null }, 'signed out');
      clearSessionCookie(app, reply);
      return reply.status(204).send();
    },
  );
}
