import { screen, waitFor, within } from '@testing-library/react';
import type { TOffer, TStatusHistoryEntry } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bodiesOf,
  DEMO_USERS,
  fakeStatusApi,
  historyEntry,
  json,
  renderScreen,
  resetNotifications,
  statusApplication,
} from '../../testing';
import { ApplicationStatusPanel } from './status-panel';

// Issue 22 item 2 on the admin's record: the move to an offer carries its terms (fees, answer-by
// in Kuala Lumpur's time, conditions as rows), and the offer's conditions are decided one by one.

const underReview = () => {
  const last: TStatusHistoryEntry = { ...historyEntry(1, 'submitted', 'underReview', 2), byUserId: 5 };
  return statusApplication(1, 'underReview', [historyEntry(1, null, 'submitted', 1), last]);
};

const offer: TOffer = {
  id: 7,
  studentCourseId: 1,
  type: 'conditional',
  intakeId: null,
  fees: 'MYR 42,000 a year',
  answerBy: '2027-03-01T15:59:00.000Z',
  createdAt: '2027-01-10T00:00:00.000Z',
  updatedAt: '2027-01-10T00:00:00.000Z',
  conditionsMetAt: null,
  answeredAt: null,
  letterFileId: null,
  conditions: [
    {
      id: 21,
      kind: 'englishTest',
      text: 'IELTS 6.0',
      state: 'pending',
      evidenceFileId: 'f1',
      evidenceFileName: 'ielts.pdf',
      evidenceAt: '2027-01-12T00:00:00.000Z',
      decidedAt: null,
    },
  ],
};

async function renderPanel(fake: ReturnType<typeof fakeStatusApi>, extra = {}) {
  return renderScreen(<ApplicationStatusPanel studentCourseId={1} />, {
    handlers: {
      'GET /api/auth/me': () => json(DEMO_USERS.Admin),
      'GET /api/DocumentType/allAsync': () => json([]),
      ...fake.handlers,
      ...extra,
    },
  });
}

/** A conditional offer's record with its "Change the offer's terms" dialog opened by the admin. */
async function openTermsOfConditionalOffer() {
  const app = {
    ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
    offer,
  };
  const fake = fakeStatusApi([app]);
  const { user } = await renderPanel(fake);
  const section = await screen.findByRole('region', { name: 'Offer' }, { timeout: 20000 });
  await user.click(within(section).getByRole('button', { name: 'Change the terms' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change the offer’s terms' });
  return { fake, user, section, dialog };
}

afterEach(() => resetNotifications());

/**
 * The stacking layer an element is drawn in: the z-index its nearest layered ancestor declares
 * (Mantine's portals set it on their root as a `--…-z-index` variable, or as `z-index`).
 */
function layerOf(element: Element): number {
  for (let e: HTMLElement | null = element as HTMLElement; e; e = e.parentElement) {
    for (const name of Array.from(e.style)) {
      if (name === 'z-index' || name.endsWith('-z-index')) return Number(e.style.getPropertyValue(name));
    }
  }
  return 0;
}

describe('the offer on the admin’s record', () => {
  it('makes a conditional offer with its terms: fees, answer-by in Kuala Lumpur time, two conditions', async () => {
    const { user, fetchMock } = await renderPanel(fakeStatusApi([underReview()]));
    const panel = await screen.findByRole('region', { name: 'Status' }, { timeout: 20000 });
    await user.click(await within(panel).findByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Conditional offer' }));
    const submit = within(panel).getByRole('button', { name: 'Change status' });
    expect(submit).toBeDisabled(); // the first condition has no kind yet
    await user.type(within(panel).getByRole('textbox', { name: /^Price/ }), 'MYR 42,000 a year');
    const answerBy = within(panel).getByLabelText(/Answer by \(Kuala Lumpur/);
    await user.type(answerBy, '2027-03-01T23:59');
    // Shown in both zones.
    expect(await within(panel).findByText(/Tashkent/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('combobox', { name: 'Condition 1' }));
    await user.click(await screen.findByRole('option', { name: 'English test' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Details of condition 1' }), 'IELTS 6.0');
    await user.click(within(panel).getByRole('button', { name: 'Add a condition' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Condition 2' }));
    await user.click(await screen.findByRole('option', { name: 'Final school certificate' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/move')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/move')[0]).toMatchObject({
      to: 'conditionalOffer',
      offer: {
        fees: 'MYR 42,000 a year',
        answerBy: '2027-03-01T15:59:00.000Z',
        conditions: [
          { kind: 'englishTest', text: 'IELTS 6.0' },
          { kind: 'finalCertificate', text: null },
        ],
      },
    });
  }, 90_000);

  it('keeps the “status was changed” toast below the terms dialog opened right after the move', async () => {
    const app = {
      ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
      offer,
    };
    const { user } = await renderPanel(fakeStatusApi([app]));
    const panel = await screen.findByRole('region', { name: 'Status' }, { timeout: 20000 });
    await user.click(await within(panel).findByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Unconditional offer' }));
    await user.click(within(panel).getByRole('button', { name: 'Change status' }));
    const toast = await screen.findByText('The status was changed.');
    const section = await screen.findByRole('region', { name: 'Offer' });
    await user.click(within(section).getByRole('button', { name: 'Change the terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the offer’s terms' });
    expect(toast).toBeVisible();
    // jsdom lays nothing out: what covers what is the layer each is drawn in. The toast's must be
    // under the dialog's, or on a phone it hides the dialog's title and close button.
    expect(layerOf(toast)).toBeLessThan(layerOf(dialog));
  }, 90_000);

  it('prefills the move from a conditional offer to an unconditional one with the offer’s terms', async () => {
    const app = {
      ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
      offer,
    };
    const { user, fetchMock } = await renderPanel(fakeStatusApi([app]));
    const panel = await screen.findByRole('region', { name: 'Status' }, { timeout: 20000 });
    await user.click(await within(panel).findByRole('combobox', { name: 'Move to' }));
    await user.click(await screen.findByRole('option', { name: 'Unconditional offer' }));
    const form = within(panel).getByRole('group', { name: 'Offer terms' });
    expect(within(form).getByRole('textbox', { name: /^Price/ })).toHaveValue('MYR 42,000 a year');
    expect(within(form).getByLabelText(/Answer by \(Kuala Lumpur/)).toHaveValue('2027-03-01T23:59');
    await user.click(within(panel).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/move')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/move')[0]).toMatchObject({
      to: 'unconditionalOffer',
      offer: { fees: 'MYR 42,000 a year', answerBy: '2027-03-01T15:59:00.000Z', conditions: [] },
    });
  }, 60_000);

  it('shows the offer with the evidence and sets a condition met', async () => {
    const app = {
      ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
      offer,
    };
    const { user, fetchMock } = await renderPanel(fakeStatusApi([app]), {
      'POST /api/ApplicationStatus/offerCondition': () =>
        json({ ...offer, conditions: [{ ...offer.conditions[0]!, state: 'met' }] }),
    });
    const section = await screen.findByRole('region', { name: 'Offer' }, { timeout: 20000 });
    expect(within(section).getByText('MYR 42,000 a year')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Download the evidence: ielts.pdf' }),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: 'Met' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/ApplicationStatus/offerCondition')).toEqual([
        { conditionId: 21, state: 'met' },
      ]),
    );
  }, 60_000);

  it('changes an open offer’s terms on their own: a dialog prefilled, by keyboard, saved and shown', async () => {
    const app = {
      ...statusApplication(1, 'conditionalOffer', [historyEntry(1, 'underReview', 'conditionalOffer', 3)]),
      offer,
    };
    const { user, fetchMock } = await renderPanel(fakeStatusApi([app]));
    const section = await screen.findByRole('region', { name: 'Offer' }, { timeout: 20000 });
    within(section).getByRole('button', { name: 'Change the terms' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Change the offer’s terms' });
    const fees = within(dialog).getByRole('textbox', { name: /^Price/ });
    expect(fees).toHaveValue('MYR 42,000 a year');
    expect(within(dialog).getByLabelText(/Answer by \(Kuala Lumpur/)).toHaveValue('2027-03-01T23:59');
    expect(within(dialog).getByRole('textbox', { name: 'Details of condition 1' })).toHaveValue('IELTS 6.0');
    await user.clear(fees);
    await user.type(fees, 'MYR 45,000 a year');
    const answerBy = within(dialog).getByLabelText(/Answer by \(Kuala Lumpur/);
    await user.clear(answerBy);
    await user.type(answerBy, '2027-03-15T23:59');
    await user.click(within(dialog).getByRole('button', { name: 'Save the terms' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/offerTerms')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/offerTerms')[0]).toEqual({
      studentCourseId: 1,
      version: 1, // the version the panel read
      fees: 'MYR 45,000 a year',
      answerBy: '2027-03-15T15:59:00.000Z',
      conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }],
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await within(section).findByText('MYR 45,000 a year')).toBeInTheDocument();
    // The history says the terms changed.
    const history = screen.getByRole('list', { name: 'History' });
    expect(await within(history).findByText(/offer’s terms changed/)).toBeInTheDocument();
  }, 60_000);

  it('refuses a change from a stale version and says so in the dialog', async () => {
    const { fake, user, dialog } = await openTermsOfConditionalOffer();
    // Meanwhile another admin changed the application (its version went up).
    fake.store.get(1)!.state.version += 1;
    await user.click(within(dialog).getByRole('button', { name: 'Save the terms' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This application changed meanwhile and is now “Conditional offer”.',
    );
    expect(fake.store.get(1)!.offer).toEqual(offer);
  }, 60_000);

  it('says in the dialog why the terms could not be changed (the offer has moved on)', async () => {
    const { fake, user, section, dialog } = await openTermsOfConditionalOffer();
    // Meanwhile the applicant declined.
    fake.store.get(1)!.state.status = 'offerDeclined';
    await user.click(within(dialog).getByRole('button', { name: 'Save the terms' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The offer can no longer be changed here: the application has moved on.',
    );
    // The refreshed record has no more "Change the terms"; the dialog stays with its reason.
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Change the terms' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
  }, 60_000);

  it('offers no change of the terms once the offer is answered', async () => {
    const app = {
      ...statusApplication(1, 'offerAccepted', [historyEntry(1, 'conditionalOffer', 'offerAccepted', 3)]),
      offer: { ...offer, answeredAt: '2027-01-20T00:00:00.000Z' },
    };
    await renderPanel(fakeStatusApi([app]));
    const section = await screen.findByRole('region', { name: 'Offer' }, { timeout: 20000 });
    expect(within(section).getByText('MYR 42,000 a year')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Change the terms' })).not.toBeInTheDocument();
  }, 60_000);
});
