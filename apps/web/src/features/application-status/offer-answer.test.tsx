import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  fakeStatusApi,
  historyEntry,
  json,
  offerOn,
  renderApp,
  statusApplication,
} from '../../testing';

// Issue 22 item 4 on the student's dashboard: an open offer's Accept and Decline, each behind a
// dialog; accepting says what it means, shows the answer-by date in both zones and lists the
// student's other open offers (none ticked) to decline in the same step.

const course = (id: number, name: string, university: string) => ({
  id,
  universityCourseId: 40 + id,
  university: { id: 3 + id, name: university },
  course: { id: 8 + id, name },
  submitted: true,
  submittedAt: '2026-11-20T10:00:00Z',
});
const review = {
  studentId: 12,
  stage: 11,
  submitted: true,
  courses: [
    course(1, 'Computer Science', 'Taylor’s University'),
    course(2, 'Business', 'Sunway University'),
    course(3, 'Law', 'Monash University Malaysia'),
  ],
};

// 16:00 UTC: midnight in Kuala Lumpur (UTC+8), 21:00 in Tashkent (UTC+5). Far in the future.
const ANSWER_BY = '2099-06-30T16:00:00.000Z';
const offered = (id: number, status: 'conditionalOffer' | 'unconditionalOffer', answerBy = ANSWER_BY) =>
  statusApplication(
    id,
    status,
    [historyEntry(id, null, 'submitted', 1), historyEntry(id, 'underReview', status, 2)],
    [],
    12,
    offerOn(id, answerBy),
  );

async function openDashboard(
  applications = [offered(1, 'conditionalOffer'), offered(2, 'unconditionalOffer'), reviewing()],
  language = 'en',
) {
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
const reviewing = () => statusApplication(3, 'underReview', [historyEntry(3, null, 'submitted', 1)]);
// The first card waits for the dashboard's lazy chunks (slow on a busy machine).
const cardOf = (name: string) => screen.findByRole('article', { name }, { timeout: 15_000 });

describe("the applicant's answer to an offer", () => {
  it('shows Accept and Decline with the answer-by date in both zones only on an open offer; Action needed counts offers', async () => {
    await openDashboard();
    const science = await cardOf('Computer Science');
    const offer = await within(science).findByRole('region', { name: 'Your offer' });
    expect(
      within(offer).getByRole('button', { name: 'Accept the offer for Computer Science' }),
    ).toBeEnabled();
    expect(
      within(offer).getByRole('button', { name: 'Decline the offer for Computer Science' }),
    ).toBeEnabled();
    expect(offer).toHaveTextContent(/Kuala Lumpur time/);
    expect(offer).toHaveTextContent(/Tashkent time/);
    const law = await cardOf('Law');
    expect(within(law).queryByRole('region', { name: 'Your offer' })).toBeNull();
    const banner = await screen.findByTestId('action-banner');
    expect(banner).toHaveTextContent('2 applications need you');
    expect(banner).toHaveTextContent(/offer with conditions for Computer Science/);
  });

  it('shows the answer-by date once on the card, beside Accept and Decline (issue 22 leftover)', async () => {
    await openDashboard();
    const science = await cardOf('Computer Science');
    const answer = await within(science).findByRole('region', { name: 'Your offer' });
    await within(science).findByRole('region', { name: 'Offer' });
    expect(within(science).getAllByText(/^Answer by/)).toHaveLength(1);
    expect(within(science).getAllByText(/Kuala Lumpur time/)).toHaveLength(1);
    expect(within(science).getAllByText(/Tashkent time/)).toHaveLength(1);
    expect(within(answer).getByText(/Kuala Lumpur time/)).toBeInTheDocument();
  });

  it('accepts after the dialog, declining only the ticked other offer (none ticked at first)', async () => {
    const { user, fetchMock, fake } = await openDashboard();
    const science = await cardOf('Computer Science');
    await user.click(
      await within(science).findByRole('button', { name: 'Accept the offer for Computer Science' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer for Computer Science?' });
    expect(dialog).toHaveTextContent(/holds your seat/);
    expect(dialog).toHaveTextContent(/tuition deposit/);
    expect(dialog).toHaveTextContent(/Kuala Lumpur time/);
    expect(dialog).toHaveTextContent(/Tashkent time/);
    // The other open offer, unticked; the application under review is not an offer.
    const other = await within(dialog).findByRole('checkbox', {
      name: 'Decline: Business, Sunway University',
    });
    expect(other).not.toBeChecked();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(other);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and decline 1 other' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls(fetchMock).filter((c) => c.call === 'POST /api/ApplicationStatus/answerOffer')).toEqual([
      {
        call: 'POST /api/ApplicationStatus/answerOffer',
        body: { studentCourseId: 1, version: 2, answer: 'accept', declineOthers: [2] },
      },
    ]);
    expect(fake.store.get(2)?.state.status).toBe('offerDeclined');
    await waitFor(() =>
      expect(within(science).getByText('Offer accepted', { selector: '.mantine-Badge-label' })).toBeVisible(),
    );
    expect(within(science).queryByRole('region', { name: 'Your offer' })).toBeNull();
  });

  it('accepts without declining anything when nothing is ticked', async () => {
    const { user, fetchMock, fake } = await openDashboard();
    const business = await cardOf('Business');
    await user.click(await within(business).findByRole('button', { name: 'Accept the offer for Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer for Business?' });
    await within(dialog).findByRole('checkbox', { name: /Computer Science/ });
    await user.click(within(dialog).getByRole('button', { name: 'Accept the offer' }));
    await waitFor(() => expect(fake.store.get(2)?.state.status).toBe('offerAccepted'));
    expect(fake.store.get(1)?.state.status).toBe('conditionalOffer');
    const sent = apiCalls(fetchMock).find((c) => c.call === 'POST /api/ApplicationStatus/answerOffer');
    expect(sent?.body).toMatchObject({ declineOthers: [] });
  });

  it('declines only after the confirmation; Cancel leaves the offer open', async () => {
    const { user, fake } = await openDashboard();
    const science = await cardOf('Computer Science');
    const decline = await within(science).findByRole('button', {
      name: 'Decline the offer for Computer Science',
    });
    await user.click(decline);
    let dialog = await screen.findByRole('dialog', { name: 'Decline the offer for Computer Science?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.store.get(1)?.state.status).toBe('conditionalOffer');
    await user.click(decline);
    dialog = await screen.findByRole('dialog', { name: 'Decline the offer for Computer Science?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline the offer' }));
    await waitFor(() =>
      expect(within(science).getByText('Offer declined', { selector: '.mantine-Badge-label' })).toBeVisible(),
    );
  });

  it('says why an answer was refused, in the user’s language (past the date; changed meanwhile)', async () => {
    const past = offered(1, 'conditionalOffer');
    const { user, fake } = await openDashboard([past, offered(2, 'unconditionalOffer')], 'uz');
    const science = await cardOf('Computer Science');
    fake.store.get(1)!.offer!.answerBy = '2020-01-01T00:00:00.000Z'; // the date passed meanwhile
    await user.click(
      await within(science).findByRole('button', { name: /Computer Science boʻyicha taklifni qabul/ }),
    );
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Taklifni qabul qilish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/javob berish muddati oʻtib ketgan/);
    await user.click(within(dialog).getByRole('button', { name: 'Bekor qilish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const business = await cardOf('Business');
    await user.click(await within(business).findByRole('button', { name: /Business boʻyicha taklifni rad/ }));
    fake.store.get(2)!.state.version = 9; // an admin moved it meanwhile
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Taklifni rad etish' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/holati shu orada oʻzgardi/);
  });
});
