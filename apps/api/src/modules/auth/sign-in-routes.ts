import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documented, problems } from '../../http/openapi.js';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from '../../http/session.js';
import { sessionKey } from '../../http/session-store.js';
import { exchangeCode, signInAccount, signInErrorUrl, startSignIn, type TSignIn } from './service.js';
import { SIGN_IN_FLOW_TTL_MS, takeSignInFlow } from './sign-in-flows.js';

const ZLoginQuery = z.object({
  returnUrl: z.string().max(4000).optional(),
  role: z.string().max(20).optional(),
});

/** The cookie that carries a pending sign-in from its start to the callback. */
const flowCookieOf = (secure: boolean) => ({
  name: secure ? '__Host-signin' : 'signin',
  options: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure },
});

/** Signing in with OpenID Connect: the start (`/google-login`) and the provider's `/callback`. */
export function registerSignInRoutes(fastify: FastifyInstance, signIn: TSignIn) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  const { name: flowCookie, options: flowCookieOptions } = flowCookieOf(config.secureCookies);

  app.get(
    '/google-login',
    {
      schema: {
        querystring: ZLoginQuery,
        tags: ['auth'],
        operationId: 'Auth_googleLogin',
        summary: 'Start signing in (browser navigation)',
        response: {
          303: documented(z.undefined().describe('Redirects to the sign-in provider.')),
          ...problems(429, 503),
        },
      },
      config: { access: 'public', signIn: true },
    },
    async (request, reply) => {
      const { token, url } = await startSignIn(database.db, signIn, request.query, {
        publicUrl: config.publicUrl,
        log: request.log,
      });
      reply.setCookie(flowCookie, token, { ...flowCookieOptions, maxAge: SIGN_IN_FLOW_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(url.href, 303);
    },
  );

  // Request logs show this URL without its query (one-time code, state): see requestForLog.
  app.get(
    '/callback',
    { schema: { hide: true }, config: { access: 'public', signIn: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.clearCookie(flowCookie, flowCookieOptions);
      const fail = (reason: 'failed' | 'cancelled', why: string) => {
        request.log.warn({ event: 'sign-in-failed', reason: why }, 'sign-in did not finish');
        return reply.redirect(signInErrorUrl(reason), 303);
      };
      const token = request.cookies[flowCookie];
      const flow = token && token.length <= 100 ? await takeSignInFlow(database.db, token) : null;
      if (!flow || flow.provider !== signIn.provider.name)
        return fail('failed', 'no pending sign-in for this browser');

      const exchanged = await exchangeCode(signIn.provider, new URL(request.url, config.publicUrl), flow);
      if ('fail' in exchanged) return fail(exchanged.fail, exchanged.why);

      const oldToken = request.cookies[sessionCookieName(config.secureCookies)];
      const signedIn = await signInAccount(
        database.db,
        config,
        signIn.provider,
        exchanged.claims,
        flow,
        oldToken,
      );
      if (signedIn.token === null) {
        request.log.warn(
          { event: 'sign-in-failed', reason: 'account disabled', userId: signedIn.userId },
          'sign-in refused',
        );
        clearSessionCookie(app, reply);
        return reply.redirect(signInErrorUrl('disabled'), 303);
      }
      request.log.info(
        { event: 'sign-in', userId: signedIn.userId, role: signedIn.role, provider: signIn.provider.name },
        'signed in',
      );
      // The browser's previous session ended with the rotation: its open sockets close too.
      if (oldToken && oldToken.length <= 100)
        app.events.announce(request.log, 'sessionEnded', sessionKey(oldToken));
      setSessionCookie(app, reply, signedIn.token);
      return reply.redirect(flow.returnUrl, 303);
    },
  );
}
