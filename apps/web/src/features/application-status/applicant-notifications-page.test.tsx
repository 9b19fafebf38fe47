import { act, screen, waitFor, within } from '@testing-library/react';
import { REALTIME, type TApplicationChange } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  FakeHubSocket,
  fakeStatusApi,
  historyEntry,
  json,
  openRequest,
  renderApp,
  statusApplication,
} from '../../testing';
import { hubTransport } from '../notifications/hub-connection';

// Issue 12 item 3 for students and agents: the hub is opened for them too; an ApplicationChanged
// pulses the bell, refreshes the status shown on the dashboard and is listed on the bell's page.

let socket: FakeHubSocket;
const original = hubTransport.createSocket;
beforeEach(() => {
  socket = new FakeHubSocket();
  hubTransport.createSocket = async () => socket;
});
afterEach(() => {
  hubTransport.createSocket = original;
});

const review = {
  studentId: 12,
  stage: 11,
  submitted: true,
  courses: [
    {
      id: 1,
      universityCourseId: 40,
      university: { id: 3, name: 'Taylor’s University' },
      course: { id: 8, name: 'Computer Science' },
      submitted: true,
      submittedAt: '2026-11-20T10:00:00Z',
    },
  ],
};

const change = (to: 'documentsRequested' | 'underReview', message: string | null): TApplicationChange => ({
  kind: 'statusChanged',
  studentCourseId: 1,
  studentId: 12,
  ownerUserId: 3,
  byUserId: 1,
  at: '2026-11-23T01:00:00.000Z',
  historyId: 77,
  from: 'underReview',
  to,
  message,
  internalNote: null,
  undoes: null,
});

const bell = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: /^Notifications/ });
const bellIcon = () => within(bell()).getByTestId('live-bell');

describe('live application changes for the student', () => {
  it('pulse the bell, refresh the dashboard, and are listed on the Notifications page', async () => {
    const fake = fakeStatusApi([
      statusApplication(1, 'underReview', [
        historyEntry(1, null, 'submitted', 1),
        historyEntry(1, 'submitted', 'underReview', 2),
      ]),
    ]);
    const { user } = await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
        'GET /api/Review/getReview': () => json(review),
        ...fake.handlers,
      },
    });
    const card = await screen.findByRole('article', { name: 'Computer Science' });
    expect(await within(card).findByText('Under review', { selector: '.mantine-Badge-label' })).toBeVisible();
    await waitFor(() => expect(socket.connects).toBe(1));
    await socket.connected();
    expect(bellIcon()).not.toHaveAttribute('data-highlighted');

    // An admin asks for a document: the server's state changes, then the push arrives.
    const stored = fake.store.get(1)!;
    stored.history.push(historyEntry(1, 'underReview', 'documentsRequested', 5, 'Bank statement, please.'));
    stored.requests.push(openRequest(1, 'Bank statement'));
    stored.state = { ...stored.state, status: 'documentsRequested', version: 3 };
    await act(() =>
      socket.fire(REALTIME.applicationEvent, change('documentsRequested', 'Bank statement, please.')),
    );

    expect(bellIcon()).toHaveAttribute('data-highlighted', 'true');
    expect(bell()).toHaveAccessibleDescription(/1 new notification/);
    expect(
      await within(card).findByText('Documents requested', { selector: '.mantine-Badge-label' }),
    ).toBeVisible();
    expect(await within(card).findByRole('group', { name: /Bank statement/ })).toBeInTheDocument();

    await user.click(bell());
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const live = await screen.findByRole('list', { name: 'Received just now' });
    expect(within(live).getAllByRole('listitem')).toHaveLength(1);
    expect(within(live).getByText('Bank statement, please.')).toBeInTheDocument();
    const now = await screen.findByRole('list', { name: 'Where the applications stand' });
    expect(within(now).getByText('Documents requested')).toBeInTheDocument();
    await waitFor(() => expect(bellIcon()).not.toHaveAttribute('data-highlighted'));
  });

  it('the agent has the bell page too, empty until something arrives', async () => {
    await renderApp('/Agent/Notifications', {
      me: DEMO_USERS.Agent,
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]) },
    });
    expect(await screen.findByText(/Nothing new since you opened the portal/)).toBeInTheDocument();
    expect(
      await screen.findByText('Once you confirm your application, each course’s status appears here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Student Maintenance' })).toHaveAttribute(
      'href',
      '/Agent/Students',
    );
  });
});
