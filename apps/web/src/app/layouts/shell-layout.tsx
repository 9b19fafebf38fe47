// The signed-in areas carry the whole Mantine stylesheet (in the `mantine` layer, so our own CSS
// always wins): later screens can use any component without importing its CSS. The landing page
// imports only the pieces it uses (see main.tsx).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { AppShell, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { ROLE_HOME, SIDEBAR_COLLAPSED_PX, SIDEBAR_EXPANDED_PX } from '@uniapply/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { PageLoader } from '../../components/page-loader';
import { LanguageSwitcher } from '../../features/auth/language-switcher';
import { useLogout, useSession } from '../../features/auth/session';
import classes from './shell-layout.module.css';
import { Sidebar } from './sidebar';

const HEADER_PX = 56;

/** Spec 2.1: collapsible sidebar (64/260 px) plus content; on a phone the sidebar is a drawer. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false });

  if (!user) return null; // The role guard above has already sent signed-out visitors away.
  const signOut = () => {
    drawer.close();
    logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
  };
  const sidebarProps = { user, onLogout: signOut, loggingOut: logout.isPending };

  return (
    <AppShell
      header={{ height: HEADER_PX }}
      navbar={{
        width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX,
        breakpoint: 'sm',
        collapsed: { mobile: true },
      }}
      padding="md"
    >
      {/* The one host for the signed-in screens' alerts (spec 8). */}
      <Notifications position="top-right" zIndex={1000} />
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              hiddenFrom="sm"
              opened={drawerOpened}
              onClick={drawer.toggle}
              size="sm"
              aria-label={t('openMenu')}
            />
            <Brand to={ROLE_HOME[user.role]} />
          </Group>
          <LanguageSwitcher />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar component="aside" aria-label={t('sidebar')} visibleFrom="sm">
        <Sidebar {...sidebarProps} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
      </AppShell.Navbar>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        hiddenFrom="sm"
        size={SIDEBAR_EXPANDED_PX}
        styles={{ body: { padding: 0 } }}
        title={<Brand to={ROLE_HOME[user.role]} />}
        closeButtonProps={{ 'aria-label': t('closeMenu') }}
      >
        <Sidebar {...sidebarProps} collapsed={false} onNavigate={drawer.close} />
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
