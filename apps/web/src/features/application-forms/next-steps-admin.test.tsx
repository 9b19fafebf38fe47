import { screen, waitFor, within } from '@testing-library/react';
import type { TStatusHistoryEntry } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { formatIn } from '../../lib/format';
import {
  bodiesOf,
  DEMO_USERS,
  fakeStatusApi,
  historyEntry,
  json,
  renderScreen,
  statusApplication,
} from '../../testing';
import { ApplicationStatusPanel } from './status-panel';

// Issue 22 item 5 on the admin's application record: the stages ahead after acceptance with their
// expected dates (the Settings' defaults), and the control that sets where the passport is.

const DAY = 86_400_000;

function acceptedToday() {
  const entered: TStatusHistoryEntry = {
    ...historyEntry(1, 'unconditionalOffer', 'offerAccepted', 3),
    at: new Date().toISOString(),
  };
  return statusApplication(1, 'offerAccepted', [historyEntry(1, null, 'submitted', 1), entered]);
}
const inDays = (days: number) => formatIn('en').date(new Date(Date.now() + days * DAY));

describe('what happens next, on the admin’s record', () => {
  it('shows the stages ahead and sets where the passport is', async () => {
    const fake = fakeStatusApi([acceptedToday()]);
    const { user, fetchMock } = await renderScreen(<ApplicationStatusPanel studentCourseId={1} />, {
      handlers: {
        'GET /api/auth/me': () => json(DEMO_USERS.Admin),
        'GET /api/DocumentType/allAsync': () => json([]),
        ...fake.handlers,
      },
    });
    const panel = await screen.findByRole('region', { name: 'Status' });
    const section = await within(panel).findByRole('region', { name: 'What happens next' });
    expect(
      await within(section).findByText(`Next: tuition deposit, expected by ${inDays(14)}`),
    ).toBeVisible();
    const select = within(section).getByRole('combobox', { name: 'Where the passport is' });
    expect(select).toHaveValue('With the applicant');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Sent to the university' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/ApplicationStatus/passport')).toEqual([
        { studentCourseId: 1, whereabouts: 'sentToUniversity' },
      ]),
    );
    await waitFor(() =>
      expect(within(section).getByRole('combobox', { name: 'Where the passport is' })).toHaveValue(
        'Sent to the university',
      ),
    );
    expect(fake.store.get(1)!.state.passportWhereabouts).toBe('sentToUniversity');
  }, 30_000);
});
