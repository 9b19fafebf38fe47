import { SIGNUP_ROLES, type TMe, type TSignupRole } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import type { TConfig } from '../../config.js';
import type { TDb, TDbOrTx } from '../../db/client.js';
import { findDemoAccount } from '../../db/seed/demo-accounts.js';
import { AppError, badRequest } from '../../http/errors.js';
import { createSession, deleteSession, type TSessionUser } from '../../http/session-store.js';
import { demoProviderPlugin } from './demo-provider/plugin.js';
import { createDemoProvider, demoSecret, refuseDemoProviderIn } from './demo-provider/provider.js';
import { safeReturnUrl } from './return-url.js';
import { startSignInFlow, type TSignInFlow } from './sign-in-flows.js';
import { demoSignIn, googleSignIn, type TSignInProvider } from './sign-in-provider.js';
import { ownProfileName, upsertSignedInUser } from './users.js';

// The auth module's work behind its routes: which OpenID Connect provider signs people in, the
// start of a sign-in, the code exchange and the account and session it ends in, and what `/me`
// answers. The route files (sign-in-routes.ts, session-routes.ts, profile-routes.ts) read the
// request, set cookies and answer.

const DEMO_MOUNT = '/demo-oidc';
const SCOPE = 'openid email profile';

/** The provider that signs people in and the callback address it sends them back to. */
export type TSignIn = { provider: TSignInProvider; redirectUri: string };

/** `role` at sign-up: student or agent, any letter case, student when absent; never admin. */
function parseSignUpRole(role: string | undefined): TSignupRole {
  if (!role) return 'Student';
  const found = SIGNUP_ROLES.find((r) => r.toLowerCase() === role.trim().toLowerCase());
  if (!found) throw badRequest('Registration is open to students and agents only.');
  return found;
}

/** Where the browser lands when a sign-in cannot finish (the SPA shows a message for it). */
export const signInErrorUrl = (reason: 'failed' | 'cancelled' | 'disabled') => `/login?signInError=${reason}`;

/**
 * Google when it is configured; else the built-in demo provider, mounted on `app` under
 * `<prefix>/demo-oidc` (our own origin: no second port, no CORS).
 */
export async function setUpSignIn(app: FastifyInstance): Promise<TSignIn> {
  const { config } = app;
  const apiBase = app.prefix; // /api/auth
  const redirectUri = new URL(`${apiBase}/callback`, config.publicUrl).href;
  if (config.google) return { provider: googleSignIn(config.google), redirectUri };
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
  return { provider: demoSignIn(issuer, client), redirectUri };
}

/**
 * Starts a sign-in: stores the pending flow and returns its token (for the flow cookie) and the
 * provider's authorization URL. 503 when the provider cannot be reached.
 */
export async function startSignIn(
  db: TDbOrTx,
  { provider, redirectUri }: TSignIn,
  query: { returnUrl?: string; role?: string },
  { publicUrl, log }: { publicUrl: string; log: { error(obj: object, msg: string): void } },
): Promise<{ token: string; url: URL }> {
  const signUpRole = parseSignUpRole(query.role);
  const returnUrl = safeReturnUrl(query.returnUrl, publicUrl);
  let configuration: oidc.Configuration;
  try {
    configuration = await provider.configuration();
  } catch (err) {
    log.error({ err: { message: (err as Error).message } }, 'sign-in provider unreachable');
    throw new AppError(503, 'Service Unavailable', 'Sign-in is unavailable right now. Please try again.');
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const token = await startSignInFlow(db, {
    provider: provider.name,
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
    ...provider.authorizationParams,
  });
  return { token, url };
}

/**
 * Exchanges the callback's code for the ID token's claims, or tells why not: `cancelled` when the
 * user said no at the provider, `failed` otherwise (with the reason for the log).
 */
export async function exchangeCode(
  provider: TSignInProvider,
  callbackUrl: URL,
  flow: TSignInFlow,
): Promise<{ claims: oidc.IDToken } | { fail: 'failed' | 'cancelled'; why: string }> {
  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(await provider.configuration(), callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (err) {
    if (err instanceof oidc.AuthorizationResponseError && err.error === 'access_denied') {
      return { fail: 'cancelled', why: 'access_denied' };
    }
    return { fail: 'failed', why: (err as { code?: string }).code ?? (err as Error).name };
  }
  if (typeof claims.email !== 'string' || !claims.email) return { fail: 'failed', why: 'no email claim' };
  return { claims };
}

/**
 * Finds or makes the account of the signed-in identity and opens its session, in one
 * transaction; the browser's previous session (`oldToken`) ends here. A disabled account gets no
 * session (`token: null`).
 */
export async function signInAccount(
  db: TDb,
  config: Pick<TConfig, 'adminEmails' | 'session'>,
  provider: TSignInProvider,
  claims: oidc.IDToken,
  flow: TSignInFlow,
  oldToken: string | undefined,
): Promise<{ token: string | null; userId: number; role: TSessionUser['role'] }> {
  const issuerKey = provider.issuerKey(claims.iss);
  const demoAccount = provider.name === 'demo' ? findDemoAccount(claims.email as string) : undefined;
  return db.transaction(async (tx) => {
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
}

/** What `/me` answers for the signed-in user. */
export const meOf = async (db: TDbOrTx, user: TSessionUser): Promise<TMe> => ({
  userId: user.id,
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  appLanguage: user.appLanguage as TMe['appLanguage'],
  profileName: await ownProfileName(db, user),
});
