import { screen, waitFor, within } from '@testing-library/react';
import type { TIntakeAvailability } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueHandlers, intakeHandlers, renderAsStudent } from '../../testing/fake-catalogue';

// Issue 21 item 3: each course card shows its next intake (start, seats left, the deadline in each
// zone named, the latest safe date); a course none of whose intakes can be chosen says why.

const intake = (id: number, universityCourseId: number, more: Partial<TIntakeAvailability>) => ({
  id,
  universityCourseId,
  startDate: '2027-05-03',
  applicationDeadline: '2027-03-01T15:59:00.000Z',
  lateDeadline: null,
  acceptanceDeadline: '2027-06-01T00:00:00.000Z',
  state: 'open' as const,
  seatsLeft: null,
  latestSafeDate: '2027-03-01',
  ...more,
});

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('the course list with intakes (issue 21 item 3)', { timeout: 90_000 }, () => {
  it('shows the next choosable intake with seats, zones and the latest safe date, or why none can be chosen', async () => {
    process.env.TZ = 'Asia/Tashkent';
    await renderAsStudent(
      '/Student/UniversityCourseList',
      catalogueHandlers(
        intakeHandlers([
          intake(1, 31, { state: 'past', startDate: '2027-02-01' }),
          intake(2, 31, { seatsLeft: 1 }),
          intake(3, 32, { state: 'full', seatsLeft: 0 }),
        ]),
      ),
    );
    const computing = await screen.findByRole(
      'article',
      { name: 'Bachelor of Computer Science' },
      { timeout: 30_000 },
    );
    const next = await within(computing).findByRole('region', { name: 'Next intake' });
    expect(within(next).getByText('Starts 3 May 2027')).toBeInTheDocument();
    expect(within(next).getByText('Open')).toBeInTheDocument();
    expect(within(next).getByText('1 seat left')).toBeInTheDocument();
    expect([...next.querySelectorAll('[data-zone]')].map((l) => l.textContent)).toEqual([
      '1 Mar 2027, 23:59 (Kuala Lumpur time)',
      '1 Mar 2027, 20:59 (Tashkent time)',
    ]);
    expect(within(next).getByText('Latest safe date to submit')).toBeInTheDocument();
    const engineering = screen.getByRole('article', { name: 'Foundation in Engineering' });
    await waitFor(() =>
      expect(within(engineering).getByText('No intake can be chosen now')).toBeInTheDocument(),
    );
    expect(within(engineering).getByText('No seats left')).toBeInTheDocument();
  });
});
