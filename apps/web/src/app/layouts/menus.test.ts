import { IconBrandGoogleDrive, IconDownload, IconFlag } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../lazy-page';
import { SCREENS } from '../routes';
import { menuOf } from './menus';

describe('sidebar menus come from the table of screens (item 21)', () => {
  it('item 21: every menu entry with an address is a screen of that role, in the table order', () => {
    for (const role of ['Admin', 'Student', 'Agent'] as const) {
      const linked = menuOf(role).flatMap((item) => (item.to ? [item.to] : []));
      const screens = SCREENS[role].filter((s) => s.menu).map((s) => `/${role}/${s.path}`);
      expect(linked, role).toEqual(screens);
    }
  });

  it('item 21: a new screen with a menu icon is one line in the table, and appears in the menu', () => {
    const page = lazyPage(() => Promise.resolve({ ReportsPage: () => null }), 'ReportsPage');
    const screens = [...SCREENS.Agent, { path: 'Reports', title: 'menu.reports', page, menu: IconFlag }];
    expect(menuOf('Agent', screens).map((item) => [item.label, item.to])).toEqual([
      ['menu.application', '/Agent/Students'],
      ['menu.reports', '/Agent/Reports'],
      ['menu.payments', undefined],
      ['menu.otherInfo', undefined],
      ['menu.notifications', '/Agent/Notifications'],
    ]);
  });

  it('the Google Drive entry has an icon of its own, not the Application forms one', () => {
    const iconOf = (to: string) => menuOf('Admin').find((item) => item.to === to)?.icon;
    expect(iconOf('/Admin/CheckGoogleDriveConnection')).toBe(IconBrandGoogleDrive);
    expect(iconOf('/Admin/ApplicationForms')).toBe(IconDownload);
  });
});
