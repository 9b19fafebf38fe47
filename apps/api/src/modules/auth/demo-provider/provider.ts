import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import { findDemoAccount } from '../../../db/seed/demo-accounts.js';
import { createMemoryStore } from './memory-store.js';
import { renderProviderError } from './page.js';

export type TDemoClient = { clientId: string; clientSecret: string; redirectUri: string };

export type TDemoProviderOptions = {
  env: 'development' | 'production' | 'test';
  /** Absolute URL the provider is reached at, mount path included. */
  issuer: string;
  client: TDemoClient;
  trustProxy: boolean;
};

export class DemoProviderInProductionError extends Error {}

/** The claims each account offers: the ready-made accounts have names, others only an email. */
function claimsFor(accountId: string) {
  const demo = findDemoAccount(accountId);
  return {
    sub: accountId,
    email: accountId,
    email_verified: true,
    ...(demo
      ? {
          given_name: demo.firstName,
          family_name: demo.lastName,
          name: `${demo.firstName} ${demo.lastName}`,
        }
      : {}),
  };
}

/**
 * A real OpenID provider (oidc-provider) for demos and tests: any email signs in, no password.
 * Keys, cookie keys and the client secret are made fresh at every start and kept in memory, so a
 * restart signs everybody out of the provider (not out of the portal).
 */
export async function createDemoProvider(opts: TDemoProviderOptions): Promise<Provider> {
  if (opts.env === 'production') {
    throw new DemoProviderInProductionError(
      'The demo sign-in provider refuses to run with NODE_ENV=production; configure Google sign-in.',
    );
  }
  // Imported here so a Google-only deployment never loads it.
  const { default: ProviderClass } = await import('oidc-provider');
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
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
    cookies: { keys: [randomBytes(32).toString('base64url')] },
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
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(id) }),
    loadExistingGrant: grantConsentToOurClient(opts.client.clientId),
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderProviderError(String(out.error ?? 'error'), String(out.error_description ?? ''));
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
