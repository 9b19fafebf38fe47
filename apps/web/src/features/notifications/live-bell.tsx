import { VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNotificationHub } from './hub-context';
import classes from './notifications.module.css';

/**
 * The admin menu's bell (spec 4): highlighted and pulsing once a live notification arrives, the
 * count of unread live ones, and a small dot for the hub's connection state.
 */
export function LiveBell({ size, stroke }: { size?: number; stroke?: number; 'aria-hidden'?: boolean }) {
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const { enabled, state, unread, unseen, highlighted } = useNotificationHub();
  const count = unread.length + unseen;
  const stateText = ready ? t(`connection.${state}`) : '';
  return (
    <span className={classes.bell} data-highlighted={highlighted || undefined} data-testid="live-bell">
      <IconBell size={size} stroke={stroke} aria-hidden />
      {count > 0 && (
        <span className={classes.count} aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
      {enabled && <span className={classes.dot} data-state={state} title={stateText} aria-hidden />}
    </span>
  );
}

/**
 * The bell link's name when only the icon is shown (the collapsed menu): the label and the count
 * the badge shows, "Notifications, 3 new", so the visible text is part of the name (axe
 * `label-content-name-mismatch`, WCAG 2.5.3).
 */
export function useLiveBellName(label: string): string {
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const { unread, unseen } = useNotificationHub();
  const count = unread.length + unseen;
  if (count === 0 || !ready) return label;
  return t('bell.name', { label, count, shown: count > 99 ? '99+' : String(count) });
}

/**
 * What the bell shows, in words for screen readers: the menu link's description
 * (`aria-describedby`), so its name stays the menu label, also when the sidebar is collapsed.
 */
export function LiveBellStatus({ id }: { id: string }) {
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const { enabled, state, unread, unseen } = useNotificationHub();
  const count = unread.length + unseen;
  const parts =
    ready && enabled ? [count > 0 ? t('bell.unread', { count }) : '', t(`connection.${state}`)] : [];
  return <VisuallyHidden id={id}>{parts.filter(Boolean).join(', ')}</VisuallyHidden>;
}

/** How many unread notifications the bell counts (the phone header's bell and menu badge). */
export function useBellCount(): number {
  const { unread, unseen } = useNotificationHub();
  return unread.length + unseen;
}
