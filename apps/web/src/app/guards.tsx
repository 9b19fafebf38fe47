import { ROLE_HOME, type TRole } from '@uniapply/shared';
import { type ReactNode, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/session';

/** `/` and `/login`: a signed-in user goes to their home (spec 2.1). */
export function PublicOnly() {
  const { user } = useSession();
  if (user) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return <Outlet />;
}

/**
 * A route group for one role (spec 2.1): no session goes to `/`, carrying the address as
 * `returnUrl` so sign-in comes back to it (paths hold ids only, no personal data); another role
 * goes to its own home. Convenience only: the API checks role and ownership on every call (DESIGN 5).
 */
export function RequireRole({ role, children }: { role: TRole; children: ReactNode }) {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  // A session that ends here (log out) leaves for the plain landing page: only a visitor who
  // arrived signed out is brought back to the address afterwards.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  if (!user && hadUser.current) return <Navigate to="/" replace />;
  if (!user) return <Navigate to={`/?${new URLSearchParams({ returnUrl: pathname + search })}`} replace />;
  if (user.role !== role) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return children;
}
