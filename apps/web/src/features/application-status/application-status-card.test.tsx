import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  fakeResource,
  fakeStatusApi,
  fakeUploads,
  historyEntry,
  json,
  openRequest,
  renderApp,
  renderScreen,
  statusApplication,
  submittedReview,
} from '../../testing';
import { AgentStudentsPage } from '../agent-students';

// Issue 12 on the student's dashboard: each application's status, its timeline newest first, the
// document requests answered through the wizard's upload slot, and Withdraw behind a confirmation.

const review = submittedReview();

const requested = () =>
  statusApplication(
    1,
    'documentsRequested',
    [
      historyEntry(1, null, 'submitted', 1),
      historyEntry(1, 'submitted', 'underReview', 2, 'We have started.'),
      historyEntry(1, 'underReview', 'documentsRequested', 3, 'Please send your bank statement.'),
    ],
    [openRequest(1, 'Bank statement')],
  );
const reviewing = () =>
  statusApplication(2, 'underReview', [
    historyEntry(2, null, 'submitted', 1),
    historyEntry(2, 'submitted', 'underReview', 2),
  ]);

afterEach(() => vi.unstubAllGlobals());

async function openDashboard(applications = [requested(), reviewing()], language = 'en') {
  const fake = fakeStatusApi(applications);
  const view = await renderApp('/Student/Dashboard', {
    me: DEMO_USERS.Student,
    language,
    handlers: {
      'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
      'GET /api/Review/getReview': () => json(review),
      ...fake.handlers,
    },
  });
  return { ...view, fake };
}

const cardOf = (course: string) => screen.findByRole('article', { name: course });

describe('the application status on the student dashboard', () => {
  it('shows each application with its translated status and its timeline, newest first', async () => {
    await openDashboard();
    const science = await cardOf('Computer Science');
    expect(within(science).getByText('Taylor’s University')).toBeInTheDocument();
    expect(await within(science).findAllByText('Documents requested')).not.toHaveLength(0);
    const timeline = within(science).getByRole('list', { name: 'History' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^Documents requested.*Please send your bank statement\.$/),
      expect.stringMatching(/^Under review.*We have started\.$/),
      expect.stringMatching(/^Submitted/),
    ]);
    const business = await cardOf('Business');
    expect(
      await within(business).findByText('Under review', { selector: '.mantine-Badge-label' }),
    ).toBeVisible();
    expect(within(business).queryByRole('region', { name: 'Documents requested' })).toBeNull();
  });

  it('answers a document request through the upload slot; the application is back under review', async () => {
    fakeUploads();
    const { user, fetchMock } = await openDashboard();
    const science = await cardOf('Computer Science');
    const requests = await within(science).findByRole('region', { name: 'Documents requested' });
    expect(within(requests).getByText(/needs these documents \(1 open\)/)).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' });
    await user.upload(within(requests).getByLabelText('Choose a file for Bank statement'), file);
    // Answered, and back under review: the slot keeps the file and offers to replace it.
    const slot = await within(requests).findByRole('group', { name: 'Bank statement' });
    expect(await within(slot).findByText('statement.pdf')).toBeInTheDocument();
    expect(within(slot).getByRole('button', { name: 'Replace Bank statement' })).toBeEnabled();
    expect(
      within(science).getByText('Every requested document has been uploaded. Thank you!'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(science).getByText('Under review', { selector: '.mantine-Badge-label' })).toBeVisible(),
    );
    const upload = apiCalls(fetchMock).find((c) => c.call.startsWith('POST /api/DocumentRequest/upload'));
    expect(upload?.call).toMatch(/requestId=\d+$/);
  });

  it('replaces an answered document while the application waits for a decision, not after (issue 20 item 6)', async () => {
    fakeUploads();
    const answered = {
      ...openRequest(1, 'Bank statement'),
      fileId: 'f0',
      fileName: 'old.pdf',
      answeredAt: '2026-11-22T10:00:00Z',
    };
    const reviewed = statusApplication(1, 'underReview', [historyEntry(1, null, 'submitted', 1)], [answered]);
    const decided = statusApplication(
      2,
      'conditionalOffer',
      [historyEntry(2, null, 'submitted', 1)],
      [{ ...answered, id: answered.id + 1000, studentCourseId: 2 }],
    );
    const { user, fetchMock } = await openDashboard([reviewed, decided]);
    const science = await cardOf('Computer Science');
    const requests = await within(science).findByRole('region', { name: 'Documents requested' });
    const slot = within(requests).getByRole('group', { name: 'Bank statement' });
    expect(within(slot).getByText('old.pdf')).toBeInTheDocument();
    const file = new File(['%PDF-1.4'], 'new-statement.pdf', { type: 'application/pdf' });
    await user.upload(within(slot).getByLabelText('Choose a file for Bank statement'), file);
    expect(await within(slot).findByText('new-statement.pdf')).toBeInTheDocument();
    const uploads = apiCalls(fetchMock).filter((c) => c.call.startsWith('POST /api/DocumentRequest/upload'));
    expect(uploads.map((c) => c.call)).toEqual([`POST /api/DocumentRequest/upload?requestId=${answered.id}`]);
    // An offer is a decision: the answer stays as it was, shown without a way to replace it.
    const business = await cardOf('Business');
    const kept = await within(business).findByRole('region', { name: 'Documents requested' });
    expect(within(kept).getByText('Bank statement: uploaded (old.pdf)')).toBeInTheDocument();
    expect(within(kept).queryByRole('button', { name: /Replace/ })).toBeNull();
  });

  it('withdraws only after the confirmation, with the version seen; Cancel leaves it', async () => {
    const { user, fetchMock, fake } = await openDashboard();
    const business = await cardOf('Business');
    await user.click(
      await within(business).findByRole('button', { name: 'Withdraw the application for Business' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    expect(within(dialog).getByText(/application for Business will be withdrawn/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.store.get(2)?.state.status).toBe('underReview');

    await user.click(within(business).getByRole('button', { name: 'Withdraw the application for Business' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(within(business).getByText('Withdrawn', { selector: '.mantine-Badge-label' })).toBeVisible(),
    );
    expect(apiCalls(fetchMock).filter((c) => c.call === 'POST /api/ApplicationStatus/withdraw')).toEqual([
      { call: 'POST /api/ApplicationStatus/withdraw', body: { studentCourseId: 2, version: 2 } },
    ]);
    expect(within(business).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(within(business).getByText(/This application is closed/)).toBeInTheDocument();
  });

  it('offers no Withdraw once the tuition deposit is paid', async () => {
    await openDashboard([
      statusApplication(1, 'depositPaid', [historyEntry(1, 'offerAccepted', 'depositPaid', 9)]),
    ]);
    const science = await cardOf('Computer Science');
    expect(
      await within(science).findByText('Tuition deposit paid', { selector: '.mantine-Badge-label' }),
    ).toBeVisible();
    expect(within(science).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(within(science).queryByText(/This application is closed/)).toBeNull();
  });

  it('says a stale withdraw was refused, in the user’s language', async () => {
    const { user, fake } = await openDashboard();
    const business = await cardOf('Business');
    await user.click(await within(business).findByRole('button', { name: /Withdraw the application/ }));
    fake.store.get(2)!.state.version = 7; // an admin moved it meanwhile
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/status has changed meanwhile/);
  });

  it('says so when nothing has a status yet', async () => {
    await openDashboard([]);
    expect(
      await screen.findByText('Once you confirm your application, each course’s status appears here.'),
    ).toBeInTheDocument();
  });

  it('speaks Russian', async () => {
    await openDashboard(undefined, 'ru');
    expect(
      await within(await cardOf('Computer Science')).findByText('Запрошены документы', {
        selector: '.mantine-Badge-label',
      }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Статус ваших заявок' })).toBeInTheDocument();
  });
});

describe("the agent's Details panel", () => {
  it("shows the selected student's application statuses with the same card, requests and Withdraw", async () => {
    const fake = fakeStatusApi([requested(), reviewing()]);
    const row = {
      id: 12,
      userId: 2,
      firstName: 'Lola',
      middleName: null,
      lastName: 'Tester',
      passportSeries: 'AC',
      passportNumber: '7712',
      email: 'lola@mail.test',
      phoneNumber: '+998901234567',
    };
    await renderScreen(<AgentStudentsPage />, {
      handlers: {
        ...fakeResource('StudentInfo', [row]).handlers,
        ...fakeResource('ApplicationForm', []).handlers,
        'GET /api/Review/getReview': () => json(review),
        ...fake.handlers,
      },
    });
    const section = await screen.findByRole('region', { name: 'Where the applications stand' });
    const science = await within(section).findByRole('article', { name: 'Computer Science' });
    expect(
      await within(science).findByText('Documents requested', { selector: '.mantine-Badge-label' }),
    ).toBeVisible();
    expect(within(science).getByRole('group', { name: /Bank statement/ })).toBeInTheDocument();
    const business = within(section).getByRole('article', { name: 'Business' });
    expect(
      await within(business).findByRole('button', { name: 'Withdraw the application for Business' }),
    ).toBeEnabled();
  });
});
