import type { TRole } from '@uniapply/shared';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { RequireRole } from '../guards';
import { lazyPage, type TLazyPage } from '../lazy-page';

export type TScreen = { path: string; title: string; page: TLazyPage };

const ShellLayout = lazyPage(() => import('./shell-layout'), 'ShellLayout');

/** The screen the address points at (paths match without regard to case, DESIGN 6). */
export function findScreen(role: TRole, screens: TScreen[], pathname: string): TScreen | undefined {
  return screens.find((s) => matchPath({ path: `/${role}/${s.path}`, caseSensitive: false }, pathname));
}

/** One role's area: the guard, then the signed-in shell around the screen. */
export function RoleArea({ role, screens }: { role: TRole; screens: TScreen[] }) {
  return (
    <RequireRole role={role}>
      <SignedInArea role={role} screens={screens} />
    </RequireRole>
  );
}

function SignedInArea({ role, screens }: { role: TRole; screens: TScreen[] }) {
  const { pathname } = useLocation();
  const screen = findScreen(role, screens, pathname);
  // The shell, the screen and the shell's texts download together rather than one after another:
  // without suspending here, `ready` turns true (and this renders again) once `shell` has loaded.
  void ShellLayout.preload();
  void screen?.page.preload();
  const { t, ready } = useTranslation('shell', { useSuspense: false });

  // Until the texts are there the tab keeps the plain name rather than showing a raw key.
  const title = screen && ready ? t(screen.title) : '';
  useEffect(() => {
    document.title = title ? `${title} · UniApply` : 'UniApply';
  }, [title]);

  return (
    <Suspense fallback={<LoadingScreen />}>
      <ShellLayout />
    </Suspense>
  );
}
