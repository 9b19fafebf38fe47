import {
  SIGNUP_ROLES,
  type TSignupRole,
  ZLanguageChoice,
  ZMailSettings,
  ZMe,
  ZProfileNames,
} from '@uniapply/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { findDemoAccount } from '../../db/seed/demo-accounts.js';
import { AppError, badRequest } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { clearSessionCookie, requireUser, sessionCookieName, setSessionCookie } from '../../http/session.js';
import { createSession, deleteSession, sessionKey } from '../../http/session-store.js';
import { demoProviderPlugin } from './demo-provider/plugin.js';
import { createDemoProvider, demoSecret, refuseDemoProviderIn } from './demo-provider/provider.js';
import { safeReturnUrl } from './return-url.js';
import { SIGN_IN_FLOW_TTL_MS, startSignInFlow, takeSignInFlow } from './sign-in-flows.js';
import { demoSignIn, googleSignIn, type TSignInProvider } from './sign-in-provider.js';
import {
  getStatusMails,
  ownProfileName,
  setAppLanguage,
  setProfileNames,
  setStatusMails,
  upsertSignedInUser,
} from './users.js';

const DEMO_MOUNT = '/demo-oidc';
const SCOPE = 'openid email profile';

const ZLoginQuery = z.object({
  returnUrl: z.string().max(4000).optional(),
  role: z.string().max(20).optional(),
});

/** `role` at sign-up: student or agent, any letter case, student when absent; never admin. */
function parseSignUpRole(role: string | undefined): TSignupRole {
  if (!role) return 'Student';
  const found = SIGNUP_ROLES.find((r) => r.toLowerCase() === role.trim().toLowerCase());
  if (!found) throw badRequest('Registration is open to students and agents only.');
  return found;
}

/** Where the browser lands when a sign-in cannot finish (the SPA shows a message for it). */
export const signInErrorUrl = (reason: 'failed' | 'cancelled' | 'disabled') => `/login?signInError=${reason}`;

/** Sign-in with OpenID Connect (Google, or the built-in demo provider), session and account calls. */
export async function authModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app;
  const apiBase = app.prefix; // /api/auth
  const redirectUri = new URL(`${apiBase}/callback`, config.publicUrl).href;
  const flowCookie = config.secureCookies ? '__Host-signin' : 'signin';
  const flowCookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  let signIn: TSignInProvider;
  if (config.google) {
    signIn = googleSignIn(config.google);
  } else {
    const client = {
      clientId: 'portal',
      clientSecret: demoSecret(config.demoOidcSeed, 'client secret'),
      redirectUri,
    };
    const issuer = new URL(`${apiBase}${DEMO_MOUNT}`, config.publicUrl).href;
    refuseDemoProviderIn(config.env);
    // Made on the first sign-in (oidc-provider is about 18 MB of memory once loaded).
    let made: Promise<Awaited<ReturnType<typeof createDemoProvider>>> | undefined;
    const provider = () =>
      (made ??= createDemoProvider({
        env: config.env,
        issuer,
        client,
        trustProxy: config.trustProxy !== false,
        seed: config.demoOidcSeed,
      }).catch((err) => {
        made = undefined; // the next sign-in tries again
        throw err;
      }));
    const mountPath = `${apiBase}${DEMO_MOUNT}`;
    // Mounted on our own origin under /api/auth/demo-oidc: no second port, no CORS.
    await app.register((scope) => demoProviderPlugin(scope, { provider, mountPath }), { prefix: DEMO_MOUNT });
    signIn = demoSignIn(issuer, client);
  }

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
      const signUpRole = parseSignUpRole(request.query.role);
      const returnUrl = safeReturnUrl(request.query.returnUrl, config.publicUrl);
      let configuration: oidc.Configuration;
      try {
        configuration = await signIn.configuration();
      } catch (err) {
        request.log.error({ err: { message: (err as Error).message } }, 'sign-in provider unreachable');
        throw new AppError(503, 'Service Unavailable', 'Sign-in is unavailable right now. Please try again.');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const token = await startSignInFlow(database.db, {
        provider: signIn.name,
        state,
        nonce,
        codeVerifier,
        returnUrl,
        signUpRole,
      });
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...signIn.authorizationParams,
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
      if (!flow || flow.provider !== signIn.name)
        return fail('failed', 'no pending sign-in for this browser');

      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          await signIn.configuration(),
          new URL(request.url, config.publicUrl),
          {
            pkceCodeVerifier: flow.codeVerifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          },
        );
        claims = tokens.claims()!;
      } catch (err) {
        if (err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied') {
          return fail('cancelled', 'access_denied');
        }
        return fail('failed', (err as { code?: string }).code ?? (err as Error).name);
      }
      if (typeof claims.email !== 'string' || !claims.email) return fail('failed', 'no email claim');

      const issuerKey = signIn.issuerKey(claims.iss);
      const demoAccount = signIn.name === 'demo' ? findDemoAccount(claims.email) : undefined;
      const oldToken = request.cookies[sessionCookieName(config.secureCookies)];
      const signedIn = await database.db.transaction(async (tx) => {
        const user = await upsertSignedInUser(
          tx,
          {
            issuerKey,
            subject: claims.sub,
            email: claims.email as string,
            emailVerified: claims.email_verified === true,
            firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
            lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
          },
          { signUpRole: flow.signUpRole, adminEmails: config.adminEmails, demoAccount },
        );
        // Rotate: whatever session this browser had ends here.
        if (oldToken && oldToken.length <= 100) await deleteSession(tx, oldToken);
        // SECURITY 19: a disabled account gets no session.
        if (user.disabled) return { token: null, userId: user.id, role: user.role };
        return { token: await createSession(tx, user.id, config.session), userId: user.id, role: user.role };
      });
      if (signedIn.token === null) {
        request.log.warn(
          { event: 'sign-in-failed', reason: 'account disabled', userId: signedIn.userId },
          'sign-in refused',
        );
        clearSessionCookie(app, reply);
        return reply.redirect(signInErrorUrl('disabled'), 303);
      }
      request.log.info(
        { event: 'sign-in', userId: signedIn.userId, role: signedIn.role, provider: signIn.name },
        'signed in',
      );
      // The browser's previous session ended with the rotation: its open sockets close too.
      if (oldToken && oldToken.length <= 100)
        app.events.announce(request.log, 'sessionEnded', sessionKey(oldToken));
      setSessionCookie(app, reply, signedIn.token);
      return reply.redirect(flow.returnUrl, 303);
    },
  );

  const meOf = async (user: ReturnType<typeof requireUser>): Promise<z.infer<typeof ZMe>> => ({
    userId: user.id,
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    appLanguage: user.appLanguage as z.infer<typeof ZMe>['appLanguage'],
    profileName: await ownProfileName(database.db, user),
  });

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
    async (request) => meOf(requireUser(request)),
  );

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
      return meOf({ ...user, ...request.body });
    },
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
