import { screen, waitFor, within } from '@testing-library/react';
import type { TIntakeAvailability } from '@uniapply/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, fakeApplication, fakeResource, renderApp, sampleApplication } from '../../testing';
import { intakeHandlers } from '../../testing/fake-catalogue';

// Issue 21 item 3: the course step's picker shows each course's next intake (its deadline in each
// zone, seats left, the latest safe date); a ticked course with intakes chooses one of them, each
// that cannot be chosen disabled with why; the save sends { universityCourseId, intakeId }.

const course = (id: number) => ({
  id,
  universityId: 2,
  courseId: id,
  duration: 36,
  price: 1000 + id,
  currency: 0,
  requiredLanguageId: 1,
  requiredScore: 6,
  website: null,
  youtube: null,
  university: { id: 2, name: 'Universiti Malaya' },
  course: { id, name: `Course ${id}`, level: { id: 1, name: 'Level 1' }, category: { id: 1, name: 'IT' } },
});

const intake = (
  id: number,
  universityCourseId: number,
  state: TIntakeAvailability['state'],
  more: Partial<TIntakeAvailability> = {},
): TIntakeAvailability => ({
  id,
  universityCourseId,
  startDate: '2027-05-03',
  // 23:59 on 1 March in Kuala Lumpur (UTC+8).
  applicationDeadline: '2027-03-01T15:59:00.000Z',
  lateDeadline: null,
  acceptanceDeadline: '2027-06-01T00:00:00.000Z',
  state,
  seatsLeft: null,
  latestSafeDate: '2027-03-01',
  ...more,
});

const INTAKES = [
  intake(11, 1, 'open', { seatsLeft: 3 }),
  intake(12, 1, 'full', { startDate: '2027-07-05', seatsLeft: 0 }),
  intake(13, 1, 'past', { startDate: '2027-09-06' }),
  intake(14, 1, 'late', {
    startDate: '2027-10-04',
    applicationDeadline: '2027-07-31T15:59:00.000Z',
    lateDeadline: '2027-08-15T15:59:00.000Z',
    latestSafeDate: '2027-07-31',
  }),
  intake(21, 2, 'closed', { startDate: '2027-09-06' }),
];

async function openPicker(intakeAnswer?: Promise<void>) {
  const api = fakeApplication({ stage: 10 });
  const intakes = intakeHandlers(INTAKES);
  const answer = intakes['GET /api/IntakeAvailability']!;
  const view = await renderApp('/Student/Infoform', {
    me: DEMO_USERS.Student,
    handlers: {
      ...api.handlers,
      ...fakeResource('UniversityCourse', [course(1), course(2), course(3)]).handlers,
      ...fakeResource('University', [{ id: 2, name: 'Universiti Malaya' }]).handlers,
      ...fakeResource('CourseLevel', [{ id: 1, name: 'Level 1' }]).handlers,
      ...fakeResource('CourseCategory', [{ id: 1, name: 'IT' }]).handlers,
      // The intakes answer when the test says so (at once unless it holds them back).
      'GET /api/IntakeAvailability': async (init, url) => {
        await intakeAnswer;
        return answer(init, url);
      },
    },
  });
  await screen.findByRole('heading', { level: 2 }, { timeout: 40_000 });
  await view.user.click(screen.getByRole('button', { name: /^Step 9 of 10/ }));
  await screen.findByRole('checkbox', { name: /^Course 1 —/ }, { timeout: 20_000 });
  return { ...view, api };
}

const rowOf = (name: RegExp) =>
  screen.getByRole('checkbox', { name }).closest('.mantine-Stack-root') as HTMLElement;

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('courses step with intakes (issue 21 item 3)', { timeout: 90_000 }, () => {
  it("shows a course's next intake: start, seats left, the deadline in each zone and the latest safe date", async () => {
    process.env.TZ = 'Asia/Tashkent';
    await openPicker();
    const row = await waitFor(() => {
      const r = rowOf(/^Course 1 —/);
      expect(within(r).getByText('Next intake')).toBeInTheDocument();
      return r;
    });
    expect(within(row).getByText('Starts 3 May 2027')).toBeInTheDocument();
    expect(within(row).getByText('3 seats left')).toBeInTheDocument();
    // Malaysia's time, then Tashkent's; the browser is in Tashkent: no third line.
    const lines = [...row.querySelectorAll('[data-deadline] [data-zone]')].map((l) => l.textContent);
    expect(lines).toEqual(['1 Mar 2027, 23:59 (Kuala Lumpur time)', '1 Mar 2027, 20:59 (Tashkent time)']);
    expect(within(row).getByText('Latest safe date to submit')).toBeInTheDocument();
    expect(within(row).getByText('1 Mar 2027')).toBeInTheDocument();
    // A course without intakes is one checkbox, as before.
    expect(within(rowOf(/^Course 3 —/)).queryByText('Next intake')).toBeNull();
  });

  it('adds the browser’s own zone when it is neither, naming it', async () => {
    process.env.TZ = 'Europe/Paris';
    await openPicker();
    const row = await waitFor(() => {
      const r = rowOf(/^Course 1 —/);
      expect(r.querySelector('[data-deadline]')).not.toBeNull();
      return r;
    });
    const lines = [...row.querySelectorAll('[data-deadline] [data-zone]')].map((l) => l.textContent);
    expect(lines).toEqual([
      '1 Mar 2027, 23:59 (Kuala Lumpur time)',
      '1 Mar 2027, 20:59 (Tashkent time)',
      '1 Mar 2027, 16:59 (your time (Europe/Paris))',
    ]);
  });

  it('a course whose intakes cannot be chosen cannot be ticked, and says why', async () => {
    await openPicker();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Course 2 —/ })).toBeDisabled());
    const row = rowOf(/^Course 2 —/);
    expect(within(row).getByText('No intake can be chosen now')).toBeInTheDocument();
    expect(within(row).getByText('Closed')).toBeInTheDocument();
  });

  it('a ticked course chooses one intake; closed, full and past ones are disabled with the reason; the save sends the intake', async () => {
    const { user, api } = await openPicker();
    await waitFor(() => expect(within(rowOf(/^Course 1 —/)).getByText('Next intake')).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: /^Course 1 —/ }));
    const group = screen.getByRole('radiogroup', { name: 'Choose an intake' });
    // The next open intake is chosen first.
    expect(within(group).getByRole('radio', { name: 'Starts 3 May 2027' })).toBeChecked();
    const full = within(group).getByRole('radio', {
      name: 'Starts 5 Jul 2027 — Cannot be chosen: No seats left',
    });
    expect(full).toBeDisabled();
    const past = within(group).getByRole('radio', {
      name: 'Starts 6 Sep 2027 — Cannot be chosen: The deadline has passed',
    });
    expect(past).toBeDisabled();
    // Past its deadline but before the late one: still taken, and saying so.
    const late = within(group).getByRole('radio', { name: 'Starts 4 Oct 2027 — Late applications' });
    expect(late).toBeEnabled();
    await user.click(late);
    expect(late).toBeChecked();
    expect(screen.getByText('Selected courses: 2')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Remove Course 1 — Universiti Malaya · Starts 4 Oct 2027/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Review and Confirm' });
    // The submitted course without an intake stays a bare id (spec 7.3); the new one names its intake.
    expect(api.store.saves[0]).toMatchObject({
      base: 'StudentCourse',
      body: [9, { universityCourseId: 1, intakeId: 14 }],
    });
  });

  it('a course cannot be ticked before its intakes are known; once they answer, ticking chooses the next one', async () => {
    // A tap in that moment (a slow phone line) chose the course without an intake, and the
    // applicant met "please choose one of the intakes" at Next (seen in the phone wizard's e2e).
    let answer = () => {};
    const { user } = await openPicker(new Promise<void>((resolve) => (answer = resolve)));
    const box = screen.getByRole('checkbox', { name: /^Course 1 —/ });
    expect(box).toBeDisabled();
    expect(within(rowOf(/^Course 1 —/)).getByText('Looking for intakes…')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    const group = screen.getByRole('radiogroup', { name: 'Choose an intake' });
    expect(within(group).getByRole('radio', { name: 'Starts 3 May 2027' })).toBeChecked();
  });

  it('unticking removes the choice; a submitted choice with its intake stays locked', async () => {
    const application = sampleApplication();
    application.courses = application.courses.map((c) => ({
      ...c,
      universityCourseId: 1,
      intake: {
        id: 11,
        startDate: '2027-05-03',
        applicationDeadline: '2027-03-01T15:59:00.000Z',
        lateDeadline: null,
      },
    }));
    const api = fakeApplication({ stage: 10, application });
    await renderApp('/Student/Infoform', {
      me: DEMO_USERS.Student,
      handlers: {
        ...api.handlers,
        ...fakeResource('UniversityCourse', [course(1)]).handlers,
        ...fakeResource('University', [{ id: 2, name: 'Universiti Malaya' }]).handlers,
        ...fakeResource('CourseLevel', [{ id: 1, name: 'Level 1' }]).handlers,
        ...fakeResource('CourseCategory', [{ id: 1, name: 'IT' }]).handlers,
        ...intakeHandlers(INTAKES),
      },
    });
    await screen.findByRole('heading', { level: 2 }, { timeout: 40_000 });
    screen.getByRole('button', { name: /^Step 9 of 10/ }).click();
    const box = await screen.findByRole('checkbox', { name: /^Course 1 —/ }, { timeout: 20_000 });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(
      screen.getByText(/Computer Science — Universiti Malaya · Starts 3 May 2027 · Submitted/),
    ).toBeInTheDocument();
  });

  it('the review shows the chosen intake: its start and its deadline in each zone named (item 4)', async () => {
    process.env.TZ = 'Asia/Tashkent';
    const application = sampleApplication();
    application.courses = application.courses.map((c) => ({
      ...c,
      intake: {
        id: 11,
        startDate: '2027-05-03',
        applicationDeadline: '2027-03-01T15:59:00.000Z',
        lateDeadline: null,
      },
    }));
    await renderApp('/Student/Infoform', {
      me: DEMO_USERS.Student,
      handlers: fakeApplication({ stage: 10, application }).handlers,
    });
    const section = await screen.findByRole('region', { name: 'Course Selection' }, { timeout: 40_000 });
    for (const text of ['Computer Science', 'Universiti Malaya', '3 May 2027', 'Submitted'])
      expect(within(section).getByText(text)).toBeInTheDocument();
    const deadline = within(section).getByText(/1 Mar 2027, 23:59 \(Kuala Lumpur time\)/);
    expect(deadline.textContent).toBe(
      '1 Mar 2027, 23:59 (Kuala Lumpur time)\n1 Mar 2027, 20:59 (Tashkent time)',
    );
  });
});
