import { Avatar, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMenu2 } from '@tabler/icons-react';
import { displayNames, type TMe } from '@uniapply/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LiveBell, LiveBellStatus, useLiveBellName } from '../../features/notifications/live-bell';
import { menuOf, type TMenuIcon, type TMenuItem } from './menus';
import classes from './sidebar.module.css';

type TSidebarProps = {
  user: TMe;
  collapsed: boolean;
  /** The desktop sidebar has a collapse button; the phone drawer has its own close button. */
  onToggle?: () => void;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

type TLiveEntry = {
  icon: TMenuIcon;
  status: (props: { id: string }) => ReactNode;
  /** The link's name when collapsed, with what the icon shows (a hook). */
  useName: (label: string) => string;
};
const BELL: TLiveEntry = { icon: LiveBell, status: LiveBellStatus, useName: useLiveBellName };

/** Menu entries that show live state (spec 4: the notification bell, every role's). */
const LIVE: Record<string, TLiveEntry> = {
  '/Admin/Notification': BELL,
  '/Student/Notifications': BELL,
  '/Agent/Notifications': BELL,
};

/** Spec 2.1 and 2.2: user's name, the role's menu (bell first for admins), log out. */
export function Sidebar({ user, collapsed, onToggle, onNavigate, onLogout, loggingOut }: TSidebarProps) {
  const { t } = useTranslation('shell');
  // A student's own profile's name once it has one (issue 18 item 7), else the account's.
  const { firstName, lastName } = displayNames(user);
  const fullName = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <div className={classes.sidebar} data-collapsed={collapsed || undefined}>
      {onToggle && (
        <SidebarTip label={collapsed ? t('expandMenu') : t('collapseMenu')} show>
          <UnstyledButton
            className={classes.item}
            onClick={onToggle}
            aria-label={collapsed ? t('expandMenu') : t('collapseMenu')}
            aria-expanded={!collapsed}
          >
            <IconMenu2 size={22} stroke={1.7} aria-hidden />
          </UnstyledButton>
        </SidebarTip>
      )}
      <div className={classes.user}>
        <SidebarTip label={fullName} show={collapsed}>
          <Avatar color="blue" radius="xl" size={36} aria-hidden={!collapsed} aria-label={fullName}>
            {initials}
          </Avatar>
        </SidebarTip>
        {!collapsed && (
          <div className={classes.userText}>
            <Text fw={700} size="sm" className={classes.name}>
              {fullName}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`roles.${user.role}`)}
            </Text>
          </div>
        )}
      </div>
      <nav aria-label={t('menu.label')} className={classes.nav}>
        <ul className={classes.list}>
          {menuOf(user.role).map((item) => (
            <li key={item.label}>
              <MenuItem item={item} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className={classes.bottom}>
        <SidebarTip label={t('logout')} show={collapsed}>
          <UnstyledButton
            className={classes.item}
            onClick={onLogout}
            disabled={loggingOut}
            aria-label={collapsed ? t('logout') : undefined}
          >
            <IconLogout size={22} stroke={1.7} aria-hidden />
            {!collapsed && <span>{t('logout')}</span>}
          </UnstyledButton>
        </SidebarTip>
      </div>
    </div>
  );
}

function MenuItem({
  item,
  collapsed,
  onNavigate,
}: {
  item: TMenuItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const label = t(item.label);
  const live = item.to ? LIVE[item.to] : undefined;
  if (live && item.to)
    return (
      <LiveMenuItem to={item.to} label={label} live={live} collapsed={collapsed} onNavigate={onNavigate} />
    );
  const icon = <item.icon size={22} stroke={1.7} aria-hidden />;
  if (!item.to) {
    // No screen yet (spec 2.2): visible and focusable so people learn it exists, but inert.
    const soon = `${label} (${t('comingSoon')})`;
    return (
      <SidebarTip label={soon} show>
        <UnstyledButton
          className={classes.item}
          aria-disabled="true"
          data-disabled
          aria-label={collapsed ? soon : undefined}
        >
          {icon}
          {!collapsed && (
            <>
              <span>{label}</span> <span className={classes.soon}>{t('comingSoon')}</span>
            </>
          )}
        </UnstyledButton>
      </SidebarTip>
    );
  }
  return (
    <SidebarTip label={label} show={collapsed}>
      <NavLink
        to={item.to}
        className={classes.item}
        onClick={onNavigate}
        aria-label={collapsed ? label : undefined}
      >
        {icon}
        {!collapsed && <span>{label}</span>}
      </NavLink>
    </SidebarTip>
  );
}

/**
 * An entry whose icon shows live state (the bell): described by its status in words, and named
 * with what the icon shows when the menu is collapsed.
 */
function LiveMenuItem({
  to,
  label,
  live,
  collapsed,
  onNavigate,
}: {
  to: string;
  label: string;
  live: TLiveEntry;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const statusId = useId();
  const name = live.useName(label);
  const { icon: Icon, status: Status } = live;
  return (
    <>
      <SidebarTip label={label} show={collapsed}>
        <NavLink
          to={to}
          className={classes.item}
          onClick={onNavigate}
          aria-label={collapsed ? name : undefined}
          aria-describedby={statusId}
        >
          <Icon size={22} stroke={1.7} aria-hidden />
          {!collapsed && <span>{label}</span>}
        </NavLink>
      </SidebarTip>
      <Status id={statusId} />
    </>
  );
}

function SidebarTip({ label, show, children }: { label: string; show: boolean; children: ReactNode }) {
  return (
    <Tooltip label={label} position="right" withArrow disabled={!show} openDelay={150}>
      {children}
    </Tooltip>
  );
}
