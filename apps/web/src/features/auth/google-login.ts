import type { TSignupRole } from '@uniapply/shared';

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
