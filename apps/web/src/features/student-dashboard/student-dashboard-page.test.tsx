import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  fakeStatusApi,
  fakeStoredNotifications,
  historyEntry,
  json,
  problem,
  renderApp,
  statusApplication,
  storedNotification,
  submittedReview,
} from '../../testing';

const review = submittedReview();

async function openAt(step: number, path = '/Student/Dashboard', language: string | null = 'en') {
  const view = await renderApp(path, {
    me: DEMO_USERS.Student,
    language,
    handlers: {
      'GET /api/Stage/get': () => json({ studentId: step === 0 ? 0 : 12, step }),
      'GET /api/Review/getReview': () => json(review),
    },
  });
  await screen.findByRole('heading', { level: 1, name: /Aziza/ });
  return view;
}

const progressCard = () =>
  screen.getByRole('region', { name: /Application progress|Ход заявки|Ariza holati/ });

describe('the student dashboard', () => {
  it.each([
    // stage, completed, percent, left, button
    [0, 0, 0, '10 left', 'Apply'],
    [1, 0, 0, '10 left', 'Continue'],
    [5, 4, 40, '6 left', 'Continue'],
    [10, 9, 90, '1 left', 'Continue'],
  ])(
    'at stage %i shows %i of 10 steps completed (%i %), "%s" and %s',
    async (step, done, percent, left, button) => {
      await openAt(step);
      const card = progressCard();
      expect(await within(card).findByText(`${done} of 10 steps completed`)).toBeInTheDocument();
      expect(within(card).getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute(
        'aria-valuenow',
        String(percent),
      );
      expect(within(card).getByText(left)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: button })).toHaveAttribute('href', '/Student/Infoform');
      expect(within(card).queryByText('Submitted')).toBeNull();
    },
  );

  it('at stage 11 shows 10 of 10, no steps left, Update Application, the Submitted badge and the courses', async () => {
    await openAt(11);
    const card = progressCard();
    expect(await within(card).findByText('10 of 10 steps completed')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(card).queryByText(/left$/)).toBeNull();
    expect(within(card).getByText('Submitted')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Update Application' })).toHaveAttribute(
      'href',
      '/Student/Infoform',
    );
    const courses = await screen.findByRole('list', { name: 'Your applications' });
    expect(
      within(courses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Computer Science — Taylor’s University', 'Business — Sunway University']);
  });

  it('issue 18: counts the applications waiting for the student, with a banner naming the course, and the phone header’s bell', async () => {
    const statuses = fakeStatusApi([
      statusApplication(1, 'underReview', [historyEntry(1, null, 'submitted', 1)]),
      statusApplication(2, 'documentsRequested', [
        historyEntry(2, null, 'submitted', 1),
        historyEntry(2, 'submitted', 'underReview', 2),
        historyEntry(2, 'underReview', 'documentsRequested', 3),
      ]),
    ]);
    const stored = fakeStoredNotifications([
      storedNotification(4, 'documentsRequested', { studentCourseId: 2 }),
    ]);
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
        'GET /api/Review/getReview': () => json(review),
        ...statuses.handlers,
        ...stored.handlers,
      },
    });
    await screen.findByRole('heading', { level: 1, name: /Aziza/ });
    const card = progressCard();
    // The step count stays; the action count joins it.
    expect(await within(card).findByText('10 of 10 steps completed')).toBeInTheDocument();
    expect(await within(card).findByText('Action needed: 1')).toBeInTheDocument();
    const banner = await screen.findByRole('region', { name: 'An application needs you' });
    expect(banner).toHaveTextContent('Documents are requested for Business, Sunway University');
    expect(within(banner).getByRole('link', { name: 'Open the application' })).toHaveAttribute(
      'href',
      '#application-2',
    );
    // The banner comes first on the page.
    expect(within(screen.getByRole('main')).getAllByRole('region')[0]).toBe(banner);
    // The phone header: the bell with the unread count, and the menu button's badge.
    await waitFor(() =>
      expect(screen.getByTestId('header-bell')).toHaveAccessibleName('Notifications, 1 new'),
    );
    expect(screen.getByTestId('header-bell')).toHaveAttribute('href', '/Student/Notifications');
    expect(screen.getByRole('button', { name: 'Open menu, 1 new' })).toBeInTheDocument();
  });

  it('issue 18: without an application waiting, no action count and no banner', async () => {
    await openAt(11);
    expect(await within(progressCard()).findByText('10 of 10 steps completed')).toBeInTheDocument();
    expect(screen.queryByText(/Action needed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /needs you/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('welcomes the student by first name and offers the instructions with Apply', async () => {
    await openAt(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Aziza!' })).toBeInTheDocument();
    const instructions = screen.getByRole('region', { name: 'How to apply' });
    expect(within(instructions).getByRole('link', { name: 'Apply' })).toHaveAttribute(
      'href',
      '/Student/Infoform',
    );
  });

  it('offers no Apply once every application is submitted, and points to the statuses instead', async () => {
    await openAt(11);
    const instructions = screen.getByRole('region', { name: 'How to apply' });
    expect(
      await within(instructions).findByText(
        'Your application is submitted: each course’s status is shown below.',
      ),
    ).toBeInTheDocument();
    expect(within(instructions).queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  it('still offers Apply after a submission while a newly chosen course is not submitted yet', async () => {
    const pending = {
      ...review,
      courses: [...review.courses, { ...review.courses[0]!, id: 3, submitted: false }],
    };
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      language: 'en',
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
        'GET /api/Review/getReview': () => json(pending),
      },
    });
    const instructions = await screen.findByRole('region', { name: 'How to apply' });
    expect(await within(instructions).findByRole('link', { name: 'Apply' })).toHaveAttribute(
      'href',
      '/Student/Infoform',
    );
  });

  it('speaks Uzbek when no language was saved', async () => {
    await openAt(5, '/Student/Dashboard', null);
    expect(screen.getByRole('heading', { level: 1, name: 'Xush kelibsiz, Aziza!' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Qanday ariza topshirish mumkin' })).toBeInTheDocument();
  });

  it('speaks the saved language, here Russian', async () => {
    await openAt(5, '/Student/Dashboard', 'ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Добро пожаловать, Aziza!' })).toBeInTheDocument();
    expect(await screen.findByText('Выполнено шагов: 4 из 10')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Как подать заявку' })).toBeInTheDocument();
  });

  it('is also the Main screen', async () => {
    await openAt(5, '/Student/Main');
    expect(await screen.findByText('4 of 10 steps completed')).toBeInTheDocument();
  });

  it('says so when the progress cannot be loaded', async () => {
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: { 'GET /api/Stage/get': () => problem(500, 'down') },
    });
    expect(
      await screen.findByText('Failed to load your application progress. Please try again.'),
    ).toBeInTheDocument();
  });
});
