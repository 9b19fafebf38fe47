import { screen, within } from '@testing-library/react';
import type { TApplicationStatus, TStatusHistoryEntry } from '@uniapply/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIn } from '../../lib/format';
import {
  DEMO_USERS,
  fakeStatusApi,
  historyEntry,
  json,
  renderApp,
  statusApplication,
  submittedReview,
} from '../../testing';

// Issue 22 item 5: after acceptance the applicant's card says what comes next and by when, lists
// the stages ahead with their expected dates, and where the passport is (the admin's record:
// application-forms/next-steps-admin.test.tsx). Durations are the Settings' defaults (14, 14, 45, 30 days).

const DAY = 86_400_000;
const review = submittedReview(1);

/** An application that entered `status` `daysAgo` days ago. */
function accepted(status: TApplicationStatus, daysAgo: number) {
  const entered: TStatusHistoryEntry = {
    ...historyEntry(1, 'unconditionalOffer', status, 3),
    at: new Date(Date.now() - daysAgo * DAY).toISOString(),
  };
  return statusApplication(1, status, [historyEntry(1, null, 'submitted', 1), entered]);
}
const inDays = (days: number, language = 'en') => formatIn(language).date(new Date(Date.now() + days * DAY));

afterEach(() => vi.restoreAllMocks());

async function openDashboard(fake: ReturnType<typeof fakeStatusApi>, language = 'en') {
  await renderApp('/Student/Dashboard', {
    me: DEMO_USERS.Student,
    language,
    handlers: {
      'GET /api/Stage/get': () => json({ studentId: 12, step: 11 }),
      'GET /api/Review/getReview': () => json(review),
      ...fake.handlers,
    },
  });
  return screen.findByRole('article', { name: 'Computer Science' }, { timeout: 10_000 });
}

describe('what happens next, on the applicant’s card', () => {
  it('after acceptance: the next stage with its date, every stage ahead, and the passport', async () => {
    const card = await openDashboard(fakeStatusApi([accepted('offerAccepted', 2)]));
    const section = await within(card).findByRole('region', { name: 'What happens next' });
    expect(
      await within(section).findByText(`Next: tuition deposit, expected by ${inDays(12)}`),
    ).toBeVisible();
    const stages = within(section).getByRole('list', { name: 'Stages ahead' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `tuition deposit: expected by ${inDays(12)}`,
      `student pass application (EMGS): expected by ${inDays(26)}`,
      `visa approval letter (eVAL): expected by ${inDays(71)}`,
      `enrolment: expected by ${inDays(101)}`,
    ]);
    expect(within(section).getByText('Passport: with you')).toBeVisible();
    // The applicant cannot set it.
    expect(within(section).queryByRole('combobox')).toBeNull();
  });

  it('a stage already late says so instead of showing a past date as expected', async () => {
    const fake = fakeStatusApi([accepted('passFiled', 60)]);
    fake.store.get(1)!.state.passportWhereabouts = 'withEmgs';
    const card = await openDashboard(fake);
    const section = await within(card).findByRole('region', { name: 'What happens next' });
    expect(
      await within(section).findByText(
        `Next: visa approval letter (eVAL). It was expected by ${inDays(-15)} and is taking longer than usual.`,
      ),
    ).toBeVisible();
    expect(within(section).queryByText(/^Next: .*, expected by/)).toBeNull();
    const stages = within(section).getByRole('list', { name: 'Stages ahead' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `visa approval letter (eVAL): was expected by ${inDays(-15)}, running late`,
      `enrolment: expected by ${inDays(30)}`,
    ]);
    expect(within(section).getByText('Passport: with EMGS')).toBeVisible();
  });

  it('nothing before acceptance', async () => {
    const card = await openDashboard(
      fakeStatusApi([statusApplication(1, 'unconditionalOffer', [historyEntry(1, null, 'submitted', 1)])]),
    );
    await within(card).findByRole('list', { name: 'History' });
    expect(within(card).queryByRole('region', { name: 'What happens next' })).toBeNull();
  });

  it('speaks Uzbek', async () => {
    const card = await openDashboard(fakeStatusApi([accepted('depositPaid', 1)]), 'uz');
    const section = await within(card).findByRole('region', { name: 'Keyingi qadamlar' });
    expect(
      await within(section).findByText(
        `Keyingi qadam: talaba ruxsatnomasi uchun ariza (EMGS), ${inDays(13, 'uz')} sanasigacha kutilmoqda`,
      ),
    ).toBeVisible();
    expect(within(section).getByText('Pasport: sizda')).toBeVisible();
  });
});
