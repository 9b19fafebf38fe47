import { act, screen, waitFor, within } from '@testing-library/react';
import { formatDate, intakeStartInstant, REALTIME, UNIVERSITY_TIME_ZONE } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  FakeHubSocket,
  fakeStoredNotifications,
  json,
  renderApp,
  storedNotification,
  storedOfKind,
  storedPassportMoved,
  storedReminder,
} from '../../testing';
import { hubTransport } from './hub-connection';

// Issue 18 item 2: the Notifications page of students and agents lists their stored
// notifications newest first, unread ones marked, each naming the course and the university and
// linking to the application; opening it marks exactly the entries shown as read. The bell counts
// the stored unread ones, and a live push (a copy of the stored row) raises the count.

let socket: FakeHubSocket;
const original = hubTransport.createSocket;
beforeEach(() => {
  socket = new FakeHubSocket();
  hubTransport.createSocket = async () => socket;
});
afterEach(() => {
  hubTransport.createSocket = original;
});

const bell = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: /^Notifications/ });

describe('the stored notifications of a student', () => {
  it('are listed newest first, unread marked, and opening marks exactly those shown', async () => {
    const fake = fakeStoredNotifications([
      storedNotification(3, 'underReview', { readAt: '2026-11-21T10:00:00.000Z', studentCourseId: 2 }),
      storedNotification(7, 'documentsRequested', {
        payload: { from: 'underReview', to: 'documentsRequested', message: 'Bank statement, please.' },
      }),
      storedNotification(5, 'underReview', {
        courseName: 'Law',
        universityName: 'Universiti Malaya',
        studentCourseId: 4,
      }),
    ]);
    const { fetchMock, user } = await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 3 }),
        'GET /api/ApplicationStatus/list': () => json([]),
        ...fake.handlers,
      },
    });
    // The bell counts the stored unread ones (they survive a reload and a new sign-in).
    await waitFor(() => expect(bell()).toHaveAccessibleDescription(/2 new notifications/));

    await user.click(bell());
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const entries = within(list).getAllByRole('article');
    expect(entries.map((e) => e.getAttribute('aria-label'))).toEqual([
      'Computer Science, Taylor’s University',
      'Law, Universiti Malaya',
      'Computer Science, Taylor’s University',
    ]);
    expect(within(entries[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Bank statement, please.')).toBeInTheDocument();
    expect(within(entries[0]!).getByText('Documents requested')).toBeInTheDocument();
    expect(within(entries[1]!).getByText('Unread')).toBeInTheDocument();
    expect(within(entries[2]!).queryByText('Unread')).not.toBeInTheDocument();
    expect(
      within(entries[0]!).getByRole('link', { name: 'Computer Science, Taylor’s University' }),
    ).toHaveAttribute('href', '/Student/Dashboard#application-1');
    expect(within(entries[1]!).getByRole('link')).toHaveAttribute('href', '/Student/Dashboard#application-4');

    // Exactly the unread entries shown, by id, never "all".
    await waitFor(() =>
      expect(apiCalls(fetchMock).filter((c) => c.call === 'POST /api/UserNotification/markRead')).toEqual([
        { call: 'POST /api/UserNotification/markRead', body: { ids: [7, 5] } },
      ]),
    );
    await waitFor(() => expect(bell()).not.toHaveAccessibleDescription(/new notification/));
    // They stay marked on screen until the next opening.
    expect(within(entries[0]!).getByText('Unread')).toBeInTheDocument();

    // A push while the page is open: the bell counts it, the page shows it on top, and it is not
    // marked read (it was not shown when the page opened).
    fake.store.items.push(
      storedNotification(9, 'conditionalOffer', { studentCourseId: 4, courseName: 'Law' }),
    );
    await act(() => socket.fire(REALTIME.userNotificationEvent, fake.list().items[0]));
    await waitFor(() => expect(bell()).toHaveAccessibleDescription(/1 new notification/));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(4));
    expect(within(list).getAllByRole('article')[0]).toHaveAttribute('data-new', 'true');
    expect(apiCalls(fetchMock).filter((c) => c.call === 'POST /api/UserNotification/markRead')).toHaveLength(
      1,
    );
  });

  it('issue 21: reminders say what is waiting, a deadline in Kuala Lumpur and Tashkent time with the zones named', async () => {
    const fake = fakeStoredNotifications([
      storedReminder(
        4,
        'reminderIdle',
        { studentId: 12, step: 4 },
        { studentCourseId: null, courseName: null },
      ),
      storedReminder(6, 'reminderDocuments', {}),
      storedReminder(8, 'reminderDeadline', { deadline: '2027-03-01T15:59:00.000Z' }),
    ]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const [deadline, documents, idle] = within(list).getAllByRole('article');
    expect(within(deadline!).getByText('Reminder')).toBeInTheDocument();
    expect(deadline).toHaveTextContent('The application deadline is near');
    expect(deadline).toHaveTextContent('1 Mar 2027, 23:59 (Kuala Lumpur time)');
    expect(deadline).toHaveTextContent('1 Mar 2027, 20:59 (Tashkent time)');
    expect(documents).toHaveTextContent('The documents asked for are still missing.');
    expect(idle).toHaveAttribute('aria-label', 'An application not finished');
    expect(idle).toHaveTextContent('Continue from step 4.');
    expect(within(idle!).getByRole('link')).toHaveAttribute('href', '/Student/Dashboard');
  });

  it('issue 22: an offer to answer and a condition still pending, in uz, each date in Kuala Lumpur and Tashkent time', async () => {
    const fake = fakeStoredNotifications([
      storedReminder(5, 'reminderOffer', { answerBy: '2027-03-01T15:59:00.000Z' }),
      // The intake's start: 1 September at 00:00 in Kuala Lumpur.
      storedReminder(9, 'reminderCondition', { intakeStart: '2027-08-31T16:00:00.000Z' }),
    ]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const list = await screen.findByRole('list', { name: 'Bildirishnomalaringiz' });
    const [condition, offer] = within(list).getAllByRole('article');
    expect(within(offer!).getByText('Eslatma')).toBeInTheDocument();
    expect(offer).toHaveTextContent(
      'Taklif javobingizni kutmoqda. Uni quyidagi muddatgacha qabul qiling yoki rad eting:',
    );
    expect(offer).toHaveTextContent('1-mart, 2027, 23:59 (Kuala-Lumpur vaqti)');
    expect(offer).toHaveTextContent('1-mart, 2027, 20:59 (Toshkent vaqti)');
    // Both lines are the same instant, marked up for machines.
    expect(offer!.querySelectorAll('time[datetime="2027-03-01T15:59:00.000Z"]')).toHaveLength(2);
    expect(condition).toHaveTextContent('Taklifning ayrim shartlari hali bajarilmagan. Oʻqish boshlanadi:');
    expect(condition).toHaveTextContent('1-sentyabr, 2027, 00:00 (Kuala-Lumpur vaqti)');
    expect(condition).toHaveTextContent('31-avgust, 2027, 21:00 (Toshkent vaqti)');
  });

  it('issue 22: the passport moved, in uz, and a live one rings the bell', async () => {
    const fake = fakeStoredNotifications([storedPassportMoved(3, 'withApplicant', 'sentToUniversity')]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const list = await screen.findByRole('list', { name: 'Bildirishnomalaringiz' });
    const [entry] = within(list).getAllByRole('article');
    expect(entry).toHaveTextContent('Pasportingiz joyi oʻzgardi: endi universitetga yuborilgan.');
    expect(within(entry!).queryByText('Eslatma')).not.toBeInTheDocument();
    fake.store.items.push(storedPassportMoved(4, 'sentToUniversity', 'withEmgs'));
    await act(() => socket.fire(REALTIME.userNotificationEvent, fake.list().items[0]));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getAllByRole('article')[0]).toHaveTextContent('endi EMGSda');
    expect(
      within(screen.getByRole('navigation', { name: 'Asosiy menyu' })).getByRole('link', {
        name: /^Bildirishnomalar/,
      }),
    ).toHaveAccessibleDescription(/1/);
  });

  it('issue 22, left: the offer’s new terms in uz: the answer-by date in both zones, the price, the conditions named; a live one rings the bell', async () => {
    const terms = storedOfKind(3, 'offerTermsChanged', {
      answerBy: '2027-03-20T15:59:00.000Z',
      fees: 'MYR 41,000 a year',
      conditions: [
        { kind: 'englishTest', text: 'IELTS 6.5' },
        { kind: 'deposit', text: null },
        { kind: 'other', text: 'Medical check' },
      ],
    });
    const fake = fakeStoredNotifications([terms]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const list = await screen.findByRole('list', { name: 'Bildirishnomalaringiz' });
    const [entry] = within(list).getAllByRole('article');
    expect(entry).toHaveTextContent('Taklifingiz shartlari oʻzgardi.');
    expect(entry).toHaveTextContent('Quyidagi muddatgacha qabul qiling yoki rad eting:');
    expect(entry).toHaveTextContent('20-mart, 2027, 23:59 (Kuala-Lumpur vaqti)');
    expect(entry).toHaveTextContent('20-mart, 2027, 20:59 (Toshkent vaqti)');
    expect(entry).toHaveTextContent('Narxi: MYR 41,000 a year');
    expect(
      within(entry!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ingliz tili imtihoni: IELTS 6.5', 'Depozit', 'Medical check']);
    expect(within(entry!).queryByText('Eslatma')).not.toBeInTheDocument();
    fake.store.items.push(storedOfKind(4, 'offerTermsChanged', { ...terms.payload, fees: null } as never));
    await act(() => socket.fire(REALTIME.userNotificationEvent, fake.list().items[0]));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(
      within(screen.getByRole('navigation', { name: 'Asosiy menyu' })).getByRole('link', {
        name: /^Bildirishnomalar/,
      }),
    ).toHaveAccessibleDescription(/1/);
  });

  it('issue 21, left: a deferral in uz names both intakes by their start dates, with the note', async () => {
    const fake = fakeStoredNotifications([
      storedOfKind(3, 'intakeDeferred', {
        fromStartDate: '2027-03-01',
        toStartDate: '2027-07-01',
        message: 'Viza kechikdi',
      }),
    ]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const [entry] = await screen.findAllByRole('article');
    expect(entry).toHaveTextContent(
      'Arizangiz 1-mart, 2027 kuni boshlanadigan qabuldan 1-iyul, 2027 kuni boshlanadigan qabulga koʻchirildi.',
    );
    expect(entry).toHaveTextContent('Viza kechikdi');
  });

  it('issue 21, left: the agent’s deferral in ru, of an application that had no intake', async () => {
    const fake = fakeStoredNotifications([
      storedOfKind(3, 'intakeDeferred', { fromStartDate: null, toStartDate: '2027-07-01', message: null }),
    ]);
    await renderApp('/Agent/Notifications', {
      me: DEMO_USERS.Agent,
      language: 'ru',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const [entry] = await screen.findAllByRole('article');
    const day = formatDate(intakeStartInstant('2027-07-01'), 'ru', UNIVERSITY_TIME_ZONE);
    expect(entry).toHaveTextContent(
      `Заявка этого студента перенесена на более поздний набор: начало обучения — ${day}`,
    );
  });

  it('issue 22, left: conditions not met are named, in uz', async () => {
    const fake = fakeStoredNotifications([
      storedNotification(3, 'conditionsNotMet', {
        payload: {
          from: 'offerAccepted',
          to: 'conditionsNotMet',
          message: null,
          conditions: [
            { kind: 'englishTest', text: 'IELTS 6.0' },
            { kind: 'transcript', text: null },
          ],
        },
      }),
    ]);
    await renderApp('/Student/Notifications', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const [entry] = await screen.findAllByRole('article');
    expect(entry).toHaveTextContent('Quyidagi shartlar bajarilmadi:');
    expect(
      within(entry!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ingliz tili imtihoni: IELTS 6.0', 'Baholar varaqasi']);
  });

  it('issue 22: the agent is told their student’s passport moved, in ru', async () => {
    const fake = fakeStoredNotifications([storedPassportMoved(3, 'withEmgs', 'returned')]);
    await renderApp('/Agent/Notifications', {
      me: DEMO_USERS.Agent,
      language: 'ru',
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const [entry] = await screen.findAllByRole('article');
    expect(entry).toHaveTextContent('Паспорт этого студента перемещён. Где он сейчас: Возвращён заявителю.');
  });

  it('the agent sees whose application each is about, linked to their home', async () => {
    const fake = fakeStoredNotifications([storedNotification(2, 'underReview')]);
    await renderApp('/Agent/Notifications', {
      me: DEMO_USERS.Agent,
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]), ...fake.handlers },
    });
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const [entry] = within(list).getAllByRole('article');
    expect(within(entry!).getByText('Student: Aziza Karimova')).toBeInTheDocument();
    expect(within(entry!).getByRole('link')).toHaveAttribute('href', '/Agent/Students');
  });

  it('with none, says so', async () => {
    await renderApp('/Agent/Notifications', {
      me: DEMO_USERS.Agent,
      handlers: { 'GET /api/ApplicationStatus/list': () => json([]) },
    });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Student Maintenance' })).toHaveAttribute(
      'href',
      '/Agent/Students',
    );
  });
});
