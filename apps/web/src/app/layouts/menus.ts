import { IconCalendar, IconDownload } from '@tabler/icons-react';
import type { TRole } from '@uniapply/shared';
import type { ComponentType } from 'react';
import { SCREENS } from '../routes';
import type { TScreen } from './role-area';

export type TMenuIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/**
 * A line of the screens table (app/routes.tsx); `menu` puts it in the sidebar with that icon;
 * `menuLast` lists it after the entries still without a screen (spec 2.2's order: the bell last).
 */
export type TMenuScreen = TScreen & { menu?: TMenuIcon; menuLast?: boolean };

export type TMenuItem = {
  /** Key in the `shell` namespace. */
  label: string;
  icon: TMenuIcon;
  /** Without a route the item is shown disabled (spec 2.2: "no route"). */
  to?: string;
};

// Spec 2.2 menu entries that have no screen at all yet: shown disabled after the screens.
const WITHOUT_SCREEN: Record<TRole, TMenuItem[]> = {
  Admin: [],
  Student: [],
  Agent: [
    { label: 'menu.payments', icon: IconCalendar },
    { label: 'menu.otherInfo', icon: IconDownload },
  ],
};

/** A role's sidebar: its screens with a menu icon, in the table's order, then those still to come. */
export function menuOf(role: TRole, screens: readonly TMenuScreen[] = SCREENS[role]): TMenuItem[] {
  const items = (last: boolean) =>
    screens.flatMap(({ path, title, menu, menuLast = false }) =>
      menu && menuLast === last ? [{ label: title, icon: menu, to: `/${role}/${path}` }] : [],
    );
  return [...items(false), ...WITHOUT_SCREEN[role], ...items(true)];
}
