import { screen, waitFor, within } from '@testing-library/react';
import type { TIntakeAvailability } from '@uniapply/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

// Issue 21: "Move to a later intake" on the admin's application record: a confirmation dialog
// listing the later intakes of the course (start, deadline in Kuala Lumpur time, state, seats
// left); the move sends the chosen intake with the version seen, and the history marks it.

const intake = (
  id: number,
  startDate: string,
  extra: Partial<TIntakeAvailability> = {},
): TIntakeAvailability => ({
  id,
  universityCourseId: 4,
  startDate,
  applicationDeadline: '2027-05-31T15:59:00.000Z',
  lateDeadline: null,
  acceptanceDeadline: '2027-06-30T15:59:00.000Z',
  state: 'open',
  seatsLeft: null,
  latestSafeDate: '2027-05-06',
  ...extra,
});

function renderPanel(later: TIntakeAvailability[]) {
  const fake = fakeStatusApi([
    statusApplication(1, 'underReview', [
      historyEntry(1, null, 'submitted', 1),
      { ...historyEntry(1, 'submitted', 'underReview', 2), byUserId: 5 },
    ]),
  ]);
  const handlers = {
    'GET /api/auth/me': () => json(DEMO_USERS.Admin),
    'GET /api/DocumentType/allAsync': () => json([]),
    ...fake.handlers,
    'GET /api/ApplicationStatus/laterIntakes': () => json(later),
    'POST /api/ApplicationStatus/defer': (init?: RequestInit) => {
      const a = fake.store.get(1)!;
      const entry = {
        ...historyEntry(1, 'underReview', 'underReview', 40),
        at: new Date().toISOString(),
        deferral: { fromStartDate: '2027-03-01', toStartDate: '2027-07-01' },
      };
      a.history.push(entry);
      a.state = { ...a.state, version: a.state.version + 1 };
      expect(JSON.parse(String(init?.body))).toMatchObject({ studentCourseId: 1 });
      return json(a.state);
    },
  };
  return renderScreen(<ApplicationStatusPanel studentCourseId={1} />, { handlers });
}

afterEach(() => {
  resetNotifications();
  vi.restoreAllMocks();
});

describe('Move to a later intake', () => {
  it('lists the later intakes in a confirmation dialog and moves the application to the chosen one', async () => {
    const { user, fetchMock } = await renderPanel([
      intake(7, '2027-07-01', { seatsLeft: 3 }),
      intake(9, '2027-09-01', { state: 'closed' }),
    ]);
    const panel = await screen.findByRole('region', { name: 'Status' });
    await user.click(await within(panel).findByRole('button', { name: 'Move to a later intake' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to a later intake?' });
    const options = await within(dialog).findAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(dialog).toHaveTextContent('Starts on 1 Jul 2027');
    // 15:59 UTC is 23:59 in Kuala Lumpur, and the zone is named.
    expect(dialog).toHaveTextContent(/31 May 2027.*23:59 \(Kuala Lumpur time\)/);
    expect(dialog).toHaveTextContent('Seats left: 3');
    expect(dialog).toHaveTextContent('Closed');
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Starts on 1 Jul 2027/ }));
    await user.click(move);
    await waitFor(() => expect(bodiesOf(fetchMock, '/ApplicationStatus/defer')).toHaveLength(1));
    expect(bodiesOf(fetchMock, '/ApplicationStatus/defer')[0]).toEqual({
      studentCourseId: 1,
      intakeId: 7,
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const history = within(panel).getByRole('list', { name: 'History' });
    await waitFor(() =>
      expect(history).toHaveTextContent(
        'moved from the intake starting 1 Mar 2027 to the one starting 1 Jul 2027',
      ),
    );
  }, 60_000);

  it('says so when the course has no later intake (Move stays disabled)', async () => {
    const { user } = await renderPanel([]);
    const panel = await screen.findByRole('region', { name: 'Status' });
    await user.click(await within(panel).findByRole('button', { name: 'Move to a later intake' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This course has no later intake.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
  }, 60_000);
});
