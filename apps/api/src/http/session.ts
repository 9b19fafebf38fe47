import type { TRole } from '@uniapply/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from './errors.js';
import { findSessionUser, sessionReader, type TSessionUser } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: TSessionUser | null;
    sessionToken: string | null;
  }
}

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sid' : 'sid');

/** Reads the session cookie on every API request and puts the signed-in user on the request. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app;
  const cookieName = sessionCookieName(config.secureCookies);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  const reader = sessionReader(database.db);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 100) return;
    const user = await findSessionUser(database.db, reader, token, config.session);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });
});

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(sessionCookieName(app.config.secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
    maxAge: Math.floor(app.config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(app.config.secureCookies), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.secureCookies,
  });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): TSessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user when their role is one of `roles`; 401 without a session, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: TRole[]): TSessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
