import { createECDH, createHmac, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import { findDemoAccount } from '../../../db/seed/demo-accounts.js';
import { createMemoryStore } from './memory-store.js';
import { renderProviderError } from './page.js';
import { pickDemoLanguage } from './texts.js';

export type TDemoClient = { clientId: string; clientSecret: string; redirectUri: string };

export type TDemoProviderOptions = {
  env: 'development' | 'production' | 'test';
  /** Absolute URL the provider is reached at, mount path included. */
  issuer: string;
  client: TDemoClient;
  trustProxy: boolean;
  /** Shared by every process behind one proxy: the same keys everywhere (config DEMO_OIDC_SEED). */
  seed?: string;
};

/** A value derived from the shared seed, or random without one. */
export function demoSecret(seed: string | undefined, purpose: string): string {
  return seed
    ? createHmac('sha256', seed).update(purpose).digest('base64url')
    : randomBytes(32).toString('base64url');
}

/** The signing key: fresh, or derived from the seed (a P-256 private scalar from an HMAC). */
function signingKeyFrom(seed: string | undefined) {
  if (!seed) return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const d = createHmac('sha256', seed).update('signing key').digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const pub = ecdh.getPublicKey();
  const b64 = (b: Buffer) => b.toString('base64url');
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64(d), x: b64(pub.subarray(1, 33)), y: b64(pub.subarray(33)) },
    format: 'jwk',
  });
}

export class DemoProviderInProductionError extends Error {}

/** The demo provider never runs in production (checked at start, before it is made on first use). */
export function refuseDemoProviderIn(env: TDemoProviderOptions['env']) {
  if (env === 'production') {
    throw new DemoProviderInProductionError(
      'The demo sign-in provider refuses to run with NODE_ENV=production; configure Google sign-in.',
    );
  }
}

export type TTypedNames = { firstName: string; lastName: string };

const MAX_TYPED_NAMES = 10_000;
/** Names typed on the sign-in page, per provider and email, until that account signs in again. */
const typedNamesByProvider = new WeakMap<Provider, Map<string, TTypedNames>>();

/** Offers the names typed on the sign-in page as the account's given/family name claims. */
export function rememberTypedNames(provider: Provider, email: string, names: TTypedNames | null) {
  const names$ = typedNamesByProvider.get(provider);
  if (!names$) return;
  names$.delete(email);
  if (!names) return;
  if (names$.size >= MAX_TYPED_NAMES) names$.delete(names$.keys().next().value as string);
  names$.set(email, names);
}

/**
 * The claims each account offers, like Google's: the ready-made accounts have their names, another
 * email the names typed on the sign-in page, or none (the portal then derives them from the email).
 */
function claimsFor(accountId: string, typed: TTypedNames | undefined) {
  const demo = findDemoAccount(accountId);
  const names = demo ?? typed;
  return {
    sub: accountId,
    email: accountId,
    email_verified: true,
    ...(names?.firstName
      ? {
          given_name: names.firstName,
          ...(names.lastName ? { family_name: names.lastName } : {}),
          name: `${names.firstName} ${names.lastName}`.trim(),
        }
      : {}),
  };
}

/**
 * A real OpenID provider (oidc-provider) for demos and tests: any email signs in, no password.
 * Keys, cookie keys and the client secret are made fresh at every start and kept in memory, so a
 * restart signs everybody out of the provider (not out of the portal); with a shared seed every
 * process derives the same ones (its store stays per process: the proxy pins the provider's paths).
 */
export async function createDemoProvider(opts: TDemoProviderOptions): Promise<Provider> {
  refuseDemoProviderIn(opts.env);
  // Imported here so a Google-only deployment never loads it.
  const { default: ProviderClass } = await import('oidc-provider');
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  const typedNames = new Map<string, TTypedNames>();
  const privateKey = signingKeyFrom(opts.seed);
  const signingKey = { ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'demo-1' };

  const configuration: Configuration = {
    adapter: createMemoryStore(),
    clients: [
      {
        client_id: opts.client.clientId,
        client_secret: opts.client.clientSecret,
        redirect_uris: [opts.client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [demoSecret(opts.seed, 'cookie key')] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // Put the scope's claims in the ID token, so the portal needs no userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(id, typedNames.get(id)) }),
    loadExistingGrant: grantConsentToOurClient(opts.client.clientId),
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const lang = pickDemoLanguage({
        cookie: ctx.cookies.get('appLanguage'),
        acceptLanguage: ctx.get('accept-language'),
      });
      ctx.body = renderProviderError(lang, String(out.error ?? 'error'), String(out.error_description ?? ''));
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  };
  const provider = new ProviderClass(opts.issuer, configuration);
  provider.proxy = opts.trustProxy;
  typedNamesByProvider.set(provider, typedNames);
  return provider;
}

/** Our portal is the provider's only client: consent is implied, never asked. */
function grantConsentToOurClient(clientId: string) {
  return async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    if (!oidc.client || !oidc.session?.accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
    if (grantId) {
      const existing = await oidc.provider.Grant.find(grantId);
      if (existing && existing.accountId === oidc.session.accountId) return existing;
    }
    if (oidc.client.clientId !== clientId) return undefined;
    const grant = new oidc.provider.Grant({ clientId, accountId: oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  };
}
