import { act, screen, waitFor, within } from '@testing-library/react';
import { REALTIME, type TApplicationChange } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  FakeHubSocket,
  fakeStatusApi,
  historyEntry,
  json,
  offerOn,
  renderApp,
  statusApplication,
  submittedReview,
} from '../../testing';
import { hubTransport } from './hub-connection';

// Issue 22, left: a live ApplicationChanged (the hub's push after an admin's change) makes the
// applicant's open status card read its application again: an offer's new terms and the passport's
// new place show without a reload.

const review = submittedReview(1);

describe('the open card follows live changes (issue 22, left)', () => {
  const original = hubTransport.createSocket;
  afterEach(() => {
    hubTransport.createSocket = original;
  });

  it('shows the offer’s new answer-by date and the passport’s new place without a reload, in uz', async () => {
    const socket = new FakeHubSocket();
    hubTransport.createSocket = async () => socket;
    const offered = statusApplication(
      1,
      'conditionalOffer',
      [historyEntry(1, null, 'submitted', 1), historyEntry(1, 'underReview', 'conditionalOffer', 2)],
      [],
      12,
      offerOn(1, '2027-03-01T15:59:00.000Z'),
    );
    const fake = fakeStatusApi([offered]);
    await renderApp('/Student/Dashboard', {
      me: DEMO_USERS.Student,
      language: 'uz',
      handlers: {
        'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
        'GET /api/Review/getReview': () => json(review),
        ...fake.handlers,
      },
    });
    const card = await screen.findByRole('article', { name: 'Computer Science' });
    expect(await within(card).findByText(/1-mart, 2027, 23:59/)).toBeInTheDocument();
    const change = (kind: 'offerTermsChanged' | 'passportMoved', extra: object) =>
      act(() =>
        socket.fire(REALTIME.applicationEvent, {
          kind,
          studentCourseId: 1,
          studentId: 12,
          ownerUserId: DEMO_USERS.Student.userId,
          byUserId: 1,
          at: new Date().toISOString(),
          ...extra,
        } as TApplicationChange),
      );
    // The admin changed the terms: the server's copy has the new date, the push says so.
    const stored = fake.store.get(1)!;
    stored.offer = { ...stored.offer!, answerBy: '2027-03-20T15:59:00.000Z' };
    await change('offerTermsChanged', {
      historyId: 9,
      answerBy: '2027-03-20T15:59:00.000Z',
      fees: null,
      conditions: [],
    });
    expect(await within(card).findByText(/20-mart, 2027, 23:59/)).toBeInTheDocument();
    expect(within(card).queryByText(/1-mart, 2027, 23:59/)).toBeNull();
    // Accepted; the admin moved the passport.
    stored.state = { ...stored.state, status: 'offerAccepted', version: stored.state.version + 1 };
    stored.offer = { ...stored.offer!, answeredAt: new Date().toISOString() };
    await change('passportMoved', { from: 'withApplicant', to: 'withApplicant' });
    const next = await within(card).findByRole('region', { name: 'Keyingi qadamlar' });
    expect(next).toHaveTextContent('Pasport: sizda');
    stored.state = { ...stored.state, passportWhereabouts: 'sentToUniversity' };
    await change('passportMoved', { from: 'withApplicant', to: 'sentToUniversity' });
    await waitFor(() => expect(next).toHaveTextContent('Pasport: universitetga yuborilgan'));
  });
});
