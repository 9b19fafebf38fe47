import { screen, waitFor, within } from '@testing-library/react';
import type { TOffer } from '@uniapply/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  fakeStatusApi,
  fakeUploads,
  historyEntry,
  json,
  renderApp,
  statusApplication,
  submittedReview,
} from '../../testing';

// Issue 22 item 2 on the student's dashboard: the application's offer (type, fees, answer-by in
// Kuala Lumpur's and Tashkent's time), its conditions with their state, and an evidence upload
// on each pending one; once every condition is met the offer shows as unconditional.

const review = submittedReview(1);

const condition = (
  id: number,
  kind: TOffer['conditions'][number]['kind'],
  text: string | null,
  state = 'pending',
) => ({
  id,
  kind,
  text,
  state: state as 'pending',
  evidenceFileId: null,
  evidenceFileName: null,
  evidenceAt: null,
  decidedAt: null,
});

const offer = (over: Partial<TOffer> = {}): TOffer => ({
  id: 7,
  studentCourseId: 1,
  type: 'conditional',
  intakeId: 3,
  fees: 'MYR 42,000 a year',
  answerBy: '2027-03-01T15:59:00.000Z',
  createdAt: '2027-01-10T00:00:00.000Z',
  updatedAt: '2027-01-10T00:00:00.000Z',
  conditionsMetAt: null,
  answeredAt: null,
  letterFileId: null,
  conditions: [
    condition(21, 'englishTest', 'IELTS 6.0 by 1 August'),
    condition(22, 'finalCertificate', null, 'met'),
  ],
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

async function openDashboard(theOffer: TOffer, language = 'en') {
  const app = {
    ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
    offer: theOffer,
  };
  const fake = fakeStatusApi([app]);
  const view = await renderApp('/Student/Dashboard', {
    me: DEMO_USERS.Student,
    language,
    handlers: {
      'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
      'GET /api/Review/getReview': () => json(review),
      ...fake.handlers,
      'POST /api/ApplicationStatus/offerCondition/21/evidence': () => {
        const stored = fake.store.get(1)!;
        stored.offer = {
          ...stored.offer!,
          conditions: stored.offer!.conditions.map((c) =>
            c.id === 21 ? { ...c, evidenceFileId: 'f1', evidenceFileName: 'ielts.pdf' } : c,
          ),
        };
        return json({ offer: stored.offer });
      },
    },
  });
  return { ...view, fake };
}

describe('the offer on the applicant’s status card', () => {
  it('shows the terms and the conditions, and uploads evidence for a pending one', async () => {
    fakeUploads();
    const { user, fetchMock } = await openDashboard(offer());
    const card = await screen.findByRole('article', { name: 'Computer Science' }, { timeout: 20000 });
    const section = await within(card).findByRole('region', { name: 'Offer' });
    expect(within(section).getByText('Conditional offer')).toBeInTheDocument();
    expect(within(section).getByText('MYR 42,000 a year')).toBeInTheDocument();
    // The answer-by date in both zones, each named, once on the card: beside Accept and Decline
    // while the offer is open (not also in the terms).
    const answer = within(card).getByRole('region', { name: 'Your offer' });
    expect(within(answer).getByText(/Kuala Lumpur/)).toBeInTheDocument();
    expect(within(answer).getByText(/Tashkent/)).toBeInTheDocument();
    expect(within(card).getAllByText(/Kuala Lumpur/)).toHaveLength(1);
    expect(within(section).getByText('English test: IELTS 6.0 by 1 August')).toBeInTheDocument();
    expect(within(section).getByText('Pending')).toBeInTheDocument();
    expect(within(section).getByText('Met')).toBeInTheDocument();
    // Only the pending condition takes evidence.
    const input = within(section).getByLabelText(/Choose a file for Evidence for: English test/);
    expect(
      within(section).queryByLabelText(/Choose a file for Evidence for: Final school certificate/),
    ).toBeNull();
    await user.upload(input, new File(['%PDF-1.4'], 'ielts.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByText('ielts.pdf')).toBeInTheDocument();
    await waitFor(() =>
      expect(apiCalls(fetchMock).map((c) => c.call)).toContain(
        'POST /api/ApplicationStatus/offerCondition/21/evidence',
      ),
    );
    // The first drawing loads the offer's texts (a lazy chunk): slow on a busy machine.
  }, 60_000);

  it('shows the offer as unconditional once every condition is met, in Uzbek', async () => {
    await openDashboard(
      offer({
        conditionsMetAt: '2027-01-20T00:00:00.000Z',
        conditions: [
          condition(21, 'englishTest', 'IELTS', 'met'),
          condition(22, 'finalCertificate', null, 'met'),
        ],
      }),
      'uz',
    );
    const section = await screen.findByRole('region', { name: 'Taklif' }, { timeout: 20000 });
    expect(within(section).getByText('Shartsiz taklif')).toBeInTheDocument();
    expect(within(section).getByText('Barcha shartlar bajarildi: taklif shartsiz.')).toBeInTheDocument();
    expect(within(section).queryByLabelText(/Dalil/)).toBeNull();
  }, 60_000);
});
