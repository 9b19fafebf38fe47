import type { TSignupRole } from '@uniapply/shared';

/**
 * The `returnUrl` a page was opened with, when it is a path on this site (`/…`, not `//host` or
 * `/\host`); the server checks it again (SECURITY 14).
 */
export function returnUrlFrom(params: URLSearchParams): string | undefined {
  const value = params.get('returnUrl');
  return value && /^\/(?![/\\])/.test(value) ? value : undefined;
}

/**
 * Sign-in leaves the SPA for the identity provider and comes back to `returnUrl` with the session
 * cookie set; the landing page then sends the user to their home. `role` only matters when the
 * account is new (the server never changes an existing account's role).
 */
export function googleLoginUrl(role?: TSignupRole, returnUrl = '/'): string {
  const params = new URLSearchParams({ returnUrl });
  if (role) params.set('role', role.toLowerCase());
  return `/api/auth/google-login?${params.toString()}`;
}
