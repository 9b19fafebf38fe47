// The signed-in areas carry the whole Mantine stylesheet (in the `mantine` layer, so our own CSS
// always wins): later screens can use any component without importing its CSS. The landing page
// imports only the pieces it uses (see main.tsx).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { ActionIcon, AppShell, Box, Burger, Drawer, Group, Indicator, Menu } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import {
  displayNames,
  ROLE_HOME,
  SIDEBAR_COLLAPSED_PX,
  SIDEBAR_EXPANDED_PX,
  type TMe,
} from '@uniapply/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { PageLoader } from '../../components/page-loader';
import { LanguageSwitcher } from '../../features/auth/language-switcher';
import { useLogout, useSession } from '../../features/auth/session';
import { NotificationHubProvider } from '../../features/notifications/hub-provider';
import { LiveBell, useBellCount, useLiveBellName } from '../../features/notifications/live-bell';
import { confirmLeave } from '../../lib/navigation-hold';
import classes from './shell-layout.module.css';
import { Sidebar } from './sidebar';

const HEADER_PX = 56;

/** Each role's notifications page (the menu's bell entry). */
const BELL_PATH = {
  Admin: '/Admin/Notification',
  Student: '/Student/Notifications',
  Agent: '/Agent/Notifications',
} as const;

/** Issue 18: on a phone the menu button carries the bell's count (the menu holds the bell). */
function MenuButton({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  const { t } = useTranslation('shell');
  const count = useBellCount();
  const name = useLiveBellName(t('openMenu'));
  return (
    <Box hiddenFrom="sm">
      <Indicator
        color="red.9"
        size={10}
        offset={4}
        disabled={count === 0}
        withBorder
        data-testid="menu-badge"
      >
        <Burger opened={opened} onClick={onClick} size="sm" aria-label={name} />
      </Indicator>
    </Box>
  );
}

/** Issue 18: the phone header's bell, with the unread count, straight to the notifications page. */
function HeaderBell({ to }: { to: string }) {
  const { t } = useTranslation('shell');
  const name = useLiveBellName(t('menu.notifications'));
  return (
    <Box hiddenFrom="sm">
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        size="lg"
        aria-label={name}
        data-testid="header-bell"
      >
        <LiveBell size={22} stroke={1.7} />
      </ActionIcon>
    </Box>
  );
}

/** The header: the phone's menu button, the brand, the bell, the language and the account menu. */
function ShellHeader({
  user,
  drawerOpened,
  onMenu,
  onSignOut,
}: {
  user: TMe;
  drawerOpened: boolean;
  onMenu: () => void;
  onSignOut: () => void;
}) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <MenuButton opened={drawerOpened} onClick={onMenu} />
        {/* On a phone the mark alone leaves room for the language and account menus. */}
        <Box visibleFrom="xs">
          <Brand to={ROLE_HOME[user.role]} />
        </Box>
        <Box hiddenFrom="xs">
          <Brand to={ROLE_HOME[user.role]} compact />
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <HeaderBell to={BELL_PATH[user.role]} />
        <LanguageSwitcher />
        <AccountMenu user={user} onSignOut={onSignOut} />
      </Group>
    </Group>
  );
}

function AccountMenu({ user, onSignOut }: { user: TMe; onSignOut: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('accountMenu')}>
          <IconUserCircle size={24} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{`${displayNames(user).firstName} ${displayNames(user).lastName}`.trim()}</Menu.Label>
        <Menu.Item
          component={Link}
          to={`/${user.role}/Profile`}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('menu.profile')}
        </Menu.Item>
        <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Spec 2.1: collapsible sidebar (64/260 px) plus content; on a phone the sidebar is a drawer. */
export function ShellLayout() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false });

  if (!user) return null; // The role guard above has already sent signed-out visitors away.
  const signOut = async () => {
    drawer.close();
    // A screen with unsaved input (the wizard) asks first (lib/navigation-hold.ts).
    if (!(await confirmLeave())) return;
    logout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) });
  };
  const sidebarProps = { user, onLogout: signOut, loggingOut: logout.isPending };

  return (
    // Every signed-in tab keeps one live connection to the hub (spec 7.1; students and agents since
    // issue 12, for their applications' changes).
    <NotificationHubProvider enabled applicant={user.role !== 'Admin'}>
      <AppShell
        header={{ height: HEADER_PX }}
        navbar={{
          width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX,
          breakpoint: 'sm',
          collapsed: { mobile: true },
        }}
        padding="md"
      >
        {/* The one host for the signed-in screens' alerts (spec 8); its layer, under dialogs, is the theme's. */}
        <Notifications position="top-right" />
        <a href="#main-content" className={classes.skipLink}>
          {t('skipToContent')}
        </a>
        <AppShell.Header>
          <ShellHeader user={user} drawerOpened={drawerOpened} onMenu={drawer.toggle} onSignOut={signOut} />
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
    </NotificationHubProvider>
  );
}
