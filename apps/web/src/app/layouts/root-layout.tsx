import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { LoadingScreen } from '../../components/loading-screen';
import { useLanguageSync } from '../../features/auth/language';
import { useSession } from '../../features/auth/session';
import { ErrorPage } from '../pages/status-page';

/** Spec 2.1: 'Loading application...' until the user record is known, then the routes. */
export function RootLayout() {
  const { isLoading } = useSession();
  const { pathname } = useLocation();
  useLanguageSync();
  if (isLoading) return <LoadingScreen />;
  return (
    <ErrorBoundary key={pathname} fallback={<ErrorPage />}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
