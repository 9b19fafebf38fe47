import { screen, waitFor, within } from '@testing-library/react';
import { browserTimeZone, formatDateTime } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bodiesOf,
  DEMO_USERS,
  FakeHubSocket,
  json,
  liveNotification,
  mockApi,
  renderApp,
} from '../../testing';
import { hubTransport } from './hub-connection';

// Spec 2.3 (Admin Notification screen) and 4 (Notification indicator), DESIGN 6: the bell, the
// cards, and marking exactly what the screen showed.

let socket: FakeHubSocket;
const original = hubTransport.createSocket;
beforeEach(() => {
  socket = new FakeHubSocket();
  hubTransport.createSocket = async () => socket;
});
afterEach(() => {
  hubTransport.createSocket = original;
});

const stored = [liveNotification(3, 'Aziza Karimova'), liveNotification(5, 'Bobur Aliyev')];

function handlers(unread = stored) {
  return {
    'POST /api/Notification/findAsync': () => json(unread),
    'POST /api/Notification/markNotified': (init: RequestInit | undefined) =>
      json({ ids: (JSON.parse(String(init?.body)) as { ids: number[] }).ids }),
  };
}

/** The sidebar's bell (the phone header has its own, shown below the sm breakpoint only). */
const bell = () => {
  const links = screen.getAllByRole('link', { name: /Notifications/ });
  const sidebar = links.filter((link) => link.dataset.testid !== 'header-bell');
  expect(sidebar).toHaveLength(1);
  return sidebar[0] as HTMLElement;
};

describe('the admin Notification screen', () => {
  it('shows the unread notifications as cards and marks exactly those', async () => {
    const { fetchMock } = await renderApp('/Admin/Notification', {
      me: DEMO_USERS.Admin,
      handlers: handlers(),
    });
    const list = await screen.findByRole('list', { name: 'New applications' });
    const cards = within(list).getAllByRole('listitem');
    // Issue 20 item 6: each card says when, through the one formatter, and opens the application.
    const when = formatDateTime('2026-11-23T00:00:00.000Z', 'en', browserTimeZone());
    expect(cards.map((c) => c.textContent)).toEqual([
      `${when}Bobur AliyevUniversity: Taylor’s UniversityCourse: Computer Science`,
      `${when}Aziza KarimovaUniversity: Taylor’s UniversityCourse: Computer Science`,
    ]);
    expect(within(cards[0]!).getByText(when).closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-23T00:00:00.000Z',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'Bobur Aliyev' })).toHaveAttribute(
      'href',
      '/Admin/ApplicationForms/5',
    );
    await waitFor(() => expect(bodiesOf(fetchMock, '/Notification/markNotified')).toEqual([{ ids: [3, 5] }]));
    expect(bodiesOf(fetchMock, '/Notification/findAsync')).toEqual([
      { operator: 'AND', conditions: [{ field: 'isNotified', operator: 'EQ', value: false }], groups: [] },
    ]);
  });

  it('says so when there is nothing new, and marks nothing', async () => {
    const { fetchMock } = await renderApp('/Admin/Notification', {
      me: DEMO_USERS.Admin,
      handlers: handlers([]),
    });
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, '/Notification/markNotified')).toEqual([]);
  });
});

describe('the bell', () => {
  it('pulses with a count when a live notification arrives; the open screen adds its card; reopening clears it', async () => {
    const { user, fetchMock } = await renderApp('/Admin/Notification', {
      me: DEMO_USERS.Admin,
      handlers: handlers(),
    });
    await screen.findByRole('list', { name: 'New applications' });
    await waitFor(() => expect(socket.connects).toBe(1));
    await socket.connected();
    await waitFor(() => expect(bell()).toHaveAccessibleDescription(/Live updates: connected/));
    expect(within(bell()).getByTestId('live-bell')).not.toHaveAttribute('data-highlighted');

    await socket.receive(liveNotification(9, 'Dilshod Yusupov'));
    expect(bell()).toHaveAccessibleDescription(/1 new notification/);
    expect(within(bell()).getByTestId('live-bell')).toHaveAttribute('data-highlighted');
    const card = await screen.findByText('Dilshod Yusupov');
    expect(card.closest('li')).toHaveTextContent('Just arrived');
    // The live one was not shown when the screen opened: it stays unread for now.
    expect(bodiesOf(fetchMock, '/Notification/markNotified')).toEqual([{ ids: [3, 5] }]);

    // Opening the screen again (the bell) reads the list afresh and marks what it shows.
    const again = mockApi({
      'GET /api/auth/me': () => json(DEMO_USERS.Admin),
      ...handlers([liveNotification(9, 'Dilshod Yusupov')]),
    });
    await user.click(bell());
    await waitFor(() => expect(bodiesOf(again, '/Notification/markNotified')).toEqual([{ ids: [9] }]));
    await waitFor(() =>
      expect(within(bell()).getByTestId('live-bell')).not.toHaveAttribute('data-highlighted'),
    );
    expect(bell()).not.toHaveAccessibleDescription(/new notification/);
  });

  it('clears when another tab or admin marks the notifications read (NotificationsRead)', async () => {
    await renderApp('/Admin/Dashboard', {
      me: DEMO_USERS.Admin,
      handlers: {
        'GET /api/admin/summary': () =>
          json({ universities: 1, courses: 1, students: 1, submittedApplications: 1 }),
      },
    });
    await waitFor(() => expect(socket.connects).toBe(1));
    await socket.connected();
    await socket.receive(liveNotification(11, 'One'));
    await socket.receive(liveNotification(12, 'Two'));
    await waitFor(() => expect(bell()).toHaveAccessibleDescription(/2 new notifications/));
    await socket.read([11]);
    expect(bell()).toHaveAccessibleDescription(/1 new notification/);
    expect(within(bell()).getByTestId('live-bell')).toHaveAttribute('data-highlighted');
    await socket.read([12]);
    expect(within(bell()).getByTestId('live-bell')).not.toHaveAttribute('data-highlighted');
  });

  it('is connected for students and agents too (issue 12: their applications change live)', async () => {
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: { 'GET /api/Stage/get': () => json({ studentId: 0, step: 0 }) },
    });
    await screen.findAllByRole('navigation');
    await waitFor(() => expect(socket.connects).toBe(1));
  });
});
