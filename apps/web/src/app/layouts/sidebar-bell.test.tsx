import { act, screen, waitFor, within } from '@testing-library/react';
import { REALTIME } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hubTransport } from '../../features/notifications/hub-connection';
import { createI18n } from '../../lib/i18n';
import {
  DEMO_USERS,
  FakeHubSocket,
  fakeStoredNotifications,
  json,
  liveNotification,
  renderApp,
  storedNotification,
} from '../../testing';

// The bell in the collapsed menu shows only its icon and the count badge: the link's name must
// contain that visible count (axe `label-content-name-mismatch`, WCAG 2.5.3), for every role.

let socket: FakeHubSocket;
const original = hubTransport.createSocket;
beforeEach(() => {
  socket = new FakeHubSocket();
  hubTransport.createSocket = async () => socket;
});
afterEach(() => {
  hubTransport.createSocket = original;
  window.localStorage.clear();
});

const menu = () => within(screen.getByRole('navigation', { name: 'Main menu' }));
const bellLink = () => menu().getByRole('link', { name: /^Notifications/ });

// Issue 18: students and agents count their stored unread notifications; a push is a stored row.
let stored: ReturnType<typeof fakeStoredNotifications>;
beforeEach(() => {
  stored = fakeStoredNotifications([]);
});
const push = async (id: number) => {
  const n = storedNotification(id, 'underReview');
  stored.store.items.push(n);
  await act(() => socket.fire(REALTIME.userNotificationEvent, n));
};

async function collapsedAt(path: string, me: (typeof DEMO_USERS)[keyof typeof DEMO_USERS]) {
  window.localStorage.setItem('sidebarCollapsed', 'true');
  await renderApp(path, {
    me,
    handlers: {
      'GET /api/ApplicationStatus/list': () => json([]),
      'POST /api/Notification/findAsync': () => json([]),
      'POST /api/Notification/markNotified': () => json({ ids: [] }),
      ...stored.handlers,
    },
  });
  await screen.findByRole('button', { name: 'Expand menu' });
  await waitFor(() => expect(socket.connects).toBe(1));
  await socket.connected();
}

describe('the collapsed bell', () => {
  it.each([
    ['Student', '/Student/Dashboard'],
    ['Agent', '/Agent/Students'],
  ] as const)('of the %s is named with the count it shows', async (role, path) => {
    await collapsedAt(path, DEMO_USERS[role]);
    expect(bellLink()).toHaveAccessibleName('Notifications');
    await push(1);
    await waitFor(() => expect(bellLink()).toHaveAccessibleName('Notifications, 1 new'));
    expect(bellLink()).toHaveTextContent('1');
    await push(2);
    await waitFor(() => expect(bellLink()).toHaveAccessibleName('Notifications, 2 new'));
    // The description still says it in full.
    expect(bellLink()).toHaveAccessibleDescription(/2 new notifications/);
  });

  it('of the admin too, and a count over 99 is named as the badge shows it', async () => {
    await collapsedAt('/Admin/Dashboard', DEMO_USERS.Admin);
    expect(bellLink()).toHaveAccessibleName('Notifications');
    for (let id = 1; id <= 100; id++) await socket.receive(liveNotification(id, `Student ${id}`));
    await waitFor(() => expect(bellLink()).toHaveAccessibleName('Notifications, 99+ new'));
    expect(bellLink()).toHaveTextContent('99+');
  });

  it('keeps the label alone as the name when the menu is expanded (the count is in the description)', async () => {
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...stored.handlers },
    });
    await waitFor(() => expect(socket.connects).toBe(1));
    await socket.connected();
    await push(1);
    await waitFor(() => expect(bellLink()).toHaveAccessibleDescription(/1 new notification/));
    expect(bellLink()).toHaveAccessibleName('Notifications');
  });
});

describe("the bell's name in every language", () => {
  it.each([
    ['en', 'Notifications', [1, 'Notifications, 1 new'], [5, 'Notifications, 5 new']],
    ['uz', 'Bildirishnomalar', [1, 'Bildirishnomalar, 1 ta yangi'], [5, 'Bildirishnomalar, 5 ta yangi']],
    ['ru', 'Уведомления', [1, 'Уведомления, 1 новое'], [3, 'Уведомления, 3 новых']],
  ] as const)('%s uses its plural forms', async (language, label, ...cases) => {
    window.localStorage.setItem('appLanguage', language);
    const i18n = await createI18n();
    await i18n.loadNamespaces('notifications');
    for (const [count, text] of cases)
      expect(i18n.t('notifications:bell.name', { label, count, shown: String(count) })).toBe(text);
    expect(i18n.t('notifications:bell.name', { label, count: 25, shown: '25' })).toContain('25');
  });
});
