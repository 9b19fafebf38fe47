import { IconBell, IconCalendar, IconDownload } from '@tabler/icons-react';
import type { TRole } from '@uniapply/shared';
import type { ComponentType } from 'react';
import { SCREENS } from '../routes';
import type { TScreen } from './role-area';

export type TMenuIcon = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** A line of the screens table (app/routes.tsx); `menu` puts it in the sidebar with that icon. */
export type TMenuScreen = TScreen & { menu?: TMenuIcon };

export type TMenuItem = {
  /** Key in the `shell` namespace. */
  label: string;
  icon: TMenuIcon;
  /** Without a route the item is shown disabled (spec 2.2: "no route"). */
  to?: string;
};

// Spec 2.2 menu entries after the screens, in its order: without `to` they have no screen yet
// and show disabled; the bell opens the applicant's notifications page (issue 12).
const WITHOUT_SCREEN: Record<TRole, TMenuItem[]> = {
  Admin: [],
  Student: [{ label: 'menu.notifications', icon: IconBell, to: '/Student/Notifications' }],
  Agent: [
    { label: 'menu.payments', icon: IconCalendar },
    { label: 'menu.otherInfo', icon: IconDownload },
    { label: 'menu.notifications', icon: IconBell, to: '/Agent/Notifications' },
  ],
};

/** A role's sidebar: its screens with a menu icon, in the table's order, then those still to come. */
export function menuOf(role: TRole, screens: readonly TMenuScreen[] = SCREENS[role]): TMenuItem[] {
  return [
    ...screens.flatMap(({ path, title, menu }) =>
      menu ? [{ label: title, icon: menu, to: `/${role}/${path}` }] : [],
    ),
    ...WITHOUT_SCREEN[role],
  ];
}
