import * as oidc from 'openid-client';
import { DEMO_ISSUER_KEY } from '../../db/seed/demo-accounts.js';

/** Google's issuer, stored in `users.issuer` for Google accounts. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export type TSignInProvider = {
  name: 'google' | 'demo';
  /** Stored in `users.issuer`. */
  issuerKey: (idTokenIssuer: string) => string;
  /** Extra authorization request parameters. */
  authorizationParams: Record<string, string>;
  /** The openid-client configuration, discovered on first use and then kept. */
  configuration(): Promise<oidc.Configuration>;
};

/** Discovers once; a failed discovery is retried on the next sign-in instead of being cached. */
function memoize(discover: () => Promise<oidc.Configuration>): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | null = null;
  return () => {
    pending ??= discover().catch((err) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

export function googleSignIn(google: { clientId: string; clientSecret: string }): TSignInProvider {
  return {
    name: 'google',
    issuerKey: () => GOOGLE_ISSUER,
    // Let people with several Google accounts pick one rather than being signed in silently.
    authorizationParams: { prompt: 'select_account' },
    configuration: memoize(() =>
      oidc.discovery(
        new URL(GOOGLE_ISSUER),
        google.clientId,
        undefined,
        oidc.ClientSecretBasic(google.clientSecret),
      ),
    ),
  };
}

/**
 * The demo provider, reached over HTTP on our own address (discovery happens on the first
 * sign-in, once the server is listening). openid-client refuses plain-HTTP issuers unless told
 * to allow them: that is allowed here only, never for Google.
 */
export function demoSignIn(
  issuer: string,
  client: { clientId: string; clientSecret: string },
): TSignInProvider {
  const insecure = new URL(issuer).protocol === 'http:';
  return {
    name: 'demo',
    issuerKey: () => DEMO_ISSUER_KEY,
    // Always show the account picker: the provider's own session must not pick for the user.
    authorizationParams: { prompt: 'login' },
    configuration: memoize(() =>
      oidc.discovery(
        new URL(issuer),
        client.clientId,
        { id_token_signed_response_alg: 'ES256' },
        oidc.ClientSecretBasic(client.clientSecret),
        { execute: insecure ? [oidc.allowInsecureRequests] : [] },
      ),
    ),
  };
}
