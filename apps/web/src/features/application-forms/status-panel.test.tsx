import { screen, waitFor, within } from '@testing-library/react';
import type { TApplicationStatus, TStatusHistoryEntry } from '@uniapply/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodiesOf,
  DEMO_USERS,
  fakeStatusApi,
  historyEntry,
  json,
  openRequest,
  renderScreen,
  resetNotifications,
  statusApplication,
} from '../../testing';
import { ApplicationStatusPanel, undoableEntry } from './status-panel';

// Issue 12, the admin's status control on Application Forms: only the moves the shared table
// allows an admin (never Withdrawn), the message and the internal-note flag as sent, the documents
// request's rows, Undo of the admin's own last move within 24 hours, a conflict's refresh.

const documentTypes = [
  { id: 1, name: 'Passport Photo' },
  { id: 2, name: 'Passport Copy' },
];

/** An application in `status`, its last move by user `by` at `at`. */
function application(status: TApplicationStatus, by = 1, at = new Date().toISOString()) {
  const first = historyEntry(1, null, 'submitted', 1);
  const last: TStatusHistoryEntry = { ...historyEntry(1, 'submitted', status, 2), byUserId: by, at };
  return statusApplication(1, status, [first, last]);
}

async function renderPanel(fake: ReturnType<typeof fakeStatusApi>, extra = {}) {
  return renderScreen(<ApplicationStatusPanel studentCourseId={1} />, {
    handlers: {
      'GET /api/auth/me': () => json(DEMO_USERS.Admin),
      'GET /api/DocumentType/allAsync': () => json(documentTypes),
      ...fake.handlers,
      ...extra,
    },
  });
}

/** The panel, once the application's status has loaded. */
async function region() {
  const panel = await screen.findByRole('region', { name: 'Status' });
  await within(panel).findByRole('list', { name: 'History' });
  return panel;
}

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  resetNotifications();
  vi.restoreAllMocks();
});

describe('the admin status control', () => {
  it.each([
    ['submitted', ['Under review']],
    ['underReview', ['Documents requested', 'Conditional offer', 'Unconditional offer', 'Rejected']],
    // Issue 22: accepting is the applicant's; conditions not met is also the admin's.
    ['conditionalOffer', ['Unconditional offer', 'Rejected', 'Offer conditions not met']],
    ['offerAccepted', ['Tuition deposit paid', 'Offer conditions not met']],
  ] as const)('offers only the legal admin moves from %s (never Withdrawn)', async (status, expected) => {
    const { user } = await renderPanel(fakeStatusApi([application(status)]));
    const panel = await region();
    await user.click(await within(panel).findByRole('combobox', { name: 'Move to' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(expected);
    expect(options).not.toContain('Withdrawn');
  });

  it('offers no move from a final status', async () => {
    await renderPanel(fakeStatusApi([application('rejected', 5)]));
    const panel = await region();
    expect(await within(panel).findByText(/status is final/)).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox', { name: 'Move to' })).toBeNull();
  });

  it('sends the message with the internal flag; the timeline marks the note as internal', async () => {
    // A move without offer terms (an offer's own form is offer-admin.test.tsx).
    const fake = fakeStatusApi([application('underReview', 5)]);
    const { user, fetchMock } = await renderPanel(fake);
    const panel = await region();
    const submit = within(panel).getByRole('button', { name: 'Change status' });
    expect(submit).toBeDisabled();
    await user.click(within(panel).getByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await user.type(
      within(panel).getByRole('textbox', { name: /Message to the applicant/ }),
      'IELTS 6.5 needed',
    );
    await user.click(within(panel).getByRole('checkbox', { name: /Internal note/ }));
    await user.click(submit);
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/move')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/move')[0]).toEqual({
      studentCourseId: 1,
      to: 'rejected',
      version: 2,
      message: 'IELTS 6.5 needed',
      internal: true,
    });
    const history = within(panel).getByRole('list', { name: 'History' });
    const newest = (await within(history).findAllByRole('listitem'))[0]!;
    await waitFor(() => expect(newest).toHaveTextContent('Rejected'));
    expect(newest).toHaveTextContent('Internal noteIELTS 6.5 needed');
    expect(within(panel).getAllByText('Rejected').length).toBeGreaterThan(0);
  }, 60_000);

  it('sends a double-clicked Change status once, with an Idempotency-Key, and shows no conflict', async () => {
    const fake = fakeStatusApi([application('underReview', 5)]);
    const { user, fetchMock } = await renderPanel(fake);
    const panel = await region();
    await user.click(within(panel).getByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await user.dblClick(within(panel).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(fake.store.get(1)!.state.status).toBe('rejected'));
    const moves = fetchMock.mock.calls.filter(([url]) => String(url).includes('/ApplicationStatus/move'));
    expect(moves).toHaveLength(1);
    const headers = new Headers((moves[0]![1] as RequestInit).headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).queryByText(/changed meanwhile/)).toBeNull();
  }, 60_000);

  it('asks for documents by type or free text, one row each; such a request is never internal', async () => {
    const fake = fakeStatusApi([application('underReview', 5)]);
    const { user, fetchMock } = await renderPanel(fake);
    const panel = await region();
    await user.click(within(panel).getByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Documents requested' }));
    const internal = within(panel).getByRole('checkbox', { name: /Internal note/ });
    expect(internal).toBeDisabled();
    const submit = within(panel).getByRole('button', { name: 'Change status' });
    expect(submit).toBeDisabled(); // nothing named yet
    await user.click(within(panel).getByRole('combobox', { name: 'Document 1' }));
    await user.click(await screen.findByRole('option', { name: 'Passport Copy' }));
    expect(submit).toBeEnabled();
    await user.click(within(panel).getByRole('button', { name: 'Add a document' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Document 2' }));
    await user.click(await screen.findByRole('option', { name: 'Other (describe it)' }));
    expect(submit).toBeDisabled(); // the free text is still empty
    await user.type(within(panel).getByRole('textbox', { name: 'Describe document 2' }), 'Bank statement');
    await user.click(submit);
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/move')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/move')[0]).toEqual({
      studentCourseId: 1,
      to: 'documentsRequested',
      version: 2,
      internal: false,
      requests: [{ documentTypeId: 2 }, { text: 'Bank statement' }],
    });
    const requests = await within(panel).findByRole('list', { name: 'Requested documents (open: 2)' });
    expect(within(requests).getAllByRole('listitem')).toHaveLength(2);
  }, 60_000); // many steps: generous on a loaded machine

  it('shows Undo only for the admin’s own last move within 24 hours, and asks first', async () => {
    const fake = fakeStatusApi([application('underReview', 1)]);
    const { user, fetchMock } = await renderPanel(fake);
    const panel = await region();
    const undo = await within(panel).findByRole('button', { name: 'Undo “Under review”' });
    await user.click(undo);
    const dialog = await screen.findByRole('dialog', { name: 'Undo your last move?' });
    expect(dialog).toHaveTextContent('from “Under review” to “Submitted”');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/undo')).toHaveLength(0);
    await user.click(undo);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/ApplicationStatus/undo')).toEqual([{ studentCourseId: 1, version: 2 }]),
    );
    // The undo is the newest entry now: nothing more to undo.
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Undo/ })).toBeNull());
    expect(fake.store.get(1)!.state.status).toBe('submitted');
  });

  it('hides Undo for another admin’s move and for a move older than 24 hours', async () => {
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    for (const app of [application('underReview', 5), application('underReview', 1, old)]) {
      const view = await renderPanel(fakeStatusApi([app]));
      const panel = await region();
      await within(panel).findByRole('combobox', { name: 'Move to' });
      expect(within(panel).queryByRole('button', { name: /^Undo/ })).toBeNull();
      view.unmount();
    }
    const state = application('underReview').state;
    const mine = {
      ...historyEntry(1, 'submitted', 'underReview', 2),
      byUserId: 1,
      at: new Date().toISOString(),
    };
    expect(undoableEntry([mine], state, 1)).toBe(mine);
    expect(undoableEntry([mine], state, 2)).toBeUndefined();
    expect(undoableEntry([{ ...mine, undone: true }], state, 1)).toBeUndefined();
    expect(undoableEntry([{ ...mine, from: null }], state, 1)).toBeUndefined();
    expect(undoableEntry([mine], { ...state, status: 'rejected' }, 1)).toBeUndefined();
  });

  it('says so in words on a conflict (409 statusConflict) and shows where the application stands now', async () => {
    const fake = fakeStatusApi([application('underReview', 5)]);
    const { user } = await renderPanel(fake);
    const panel = await region();
    await user.click(within(panel).getByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    // Another admin moves it meanwhile.
    const stored = fake.store.get(1)!;
    stored.state = { ...stored.state, status: 'conditionalOffer', version: 3 };
    await user.click(within(panel).getByRole('button', { name: 'Change status' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This application changed meanwhile and is now “Conditional offer”.',
    );
    // Refreshed: the new status's moves are offered.
    await user.click(within(panel).getByRole('combobox', { name: 'Move to' }));
    await waitFor(async () =>
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toContain(
        'Unconditional offer',
      ),
    );
  });

  it('lists the requests with their answers; the admin downloads an answered file', async () => {
    const asked = openRequest(1, 'Bank statement');
    const answered = {
      ...asked,
      fileId: 'f-77',
      fileName: 'statement.pdf',
      answeredAt: '2026-11-22T11:00:00Z',
    };
    const fake = fakeStatusApi([
      statusApplication(
        1,
        'documentsRequested',
        [historyEntry(1, null, 'submitted', 1)],
        [answered, openRequest(1, 'Sponsor letter')],
      ),
    ]);
    const { user, fetchMock } = await renderPanel(fake, {
      'GET /api/Document/downloadByFileId/f-77': () => new Response('%PDF-1.7'),
    });
    const panel = await region();
    const list = await within(panel).findByRole('list', { name: 'Requested documents (open: 1)' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Bank statement');
    expect(first).toHaveTextContent('statement.pdf');
    expect(second).toHaveTextContent('Sponsor letter');
    expect(second).toHaveTextContent('not answered yet');
    expect(within(second!).queryByRole('button')).toBeNull();
    await user.click(
      within(first!).getByRole('button', { name: 'Download statement.pdf (answer to Bank statement)' }),
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/Document/downloadByFileId/f-77',
      ),
    );
  });
});
