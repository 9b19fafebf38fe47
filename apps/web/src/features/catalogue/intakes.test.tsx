import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeResource, json, renderScreen, resetNotifications } from '../../testing';
import { IntakesPage } from './intakes';
import { UniversityCoursesPage } from './university-courses';

// Issue 21 item 1: the intake maintenance screen. A deadline is typed as Malaysia's wall clock
// (the label names the zone) and saved as the UTC instant it means; the grid and the form show it
// back in Kuala Lumpur time, named. The address may carry the course (`?course=`).

afterEach(() => resetNotifications());

const level = { id: 1, name: 'Bachelor' };
const offer = {
  id: 9,
  universityId: 4,
  courseId: 5,
  university: { id: 4, name: 'Sunway University' },
  course: { id: 5, name: 'Software Engineering', level },
};
const intake = {
  id: 3,
  universityCourseId: 9,
  startDate: '2027-09-06',
  applicationDeadline: '2027-05-31T15:59:00.000Z',
  lateDeadline: null,
  acceptanceDeadline: '2027-08-15T15:59:00.000Z',
  seatCap: 40,
  open: true,
  universityCourse: offer,
};
const handlers = (extra = {}) => ({
  ...fakeResource('Intake', [intake]).handlers,
  'GET /api/UniversityCourse/allAsync': () =>
    json([offer, { ...offer, id: 10, course: { id: 6, name: 'Data Science', level } }]),
  ...extra,
});
const bodies = (fetchMock: { mock: { calls: unknown[][] } }, call: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}` === call)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
const KL = '(Kuala Lumpur time)';
const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByLabelText(new RegExp(`^${name} \\(Kuala Lumpur time\\)`)) as HTMLInputElement;

describe('Intake Maintenance (issue 21 item 1)', () => {
  it('lists the course, the start and the deadline in Kuala Lumpur time, named, with seats and open', async () => {
    await renderScreen(<IntakesPage />, { handlers: handlers() });
    expect(
      await screen.findByRole('cell', { name: 'Sunway University — Software Engineering (Bachelor)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '6 Sep 2027' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: `31 May 2027, 23:59 ${KL}` })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '40' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Open' })).toBeInTheDocument();
  });

  it('saves 31 May 2027, 23:59 typed in Malaysia time as 15:59 UTC', async () => {
    const { user, fetchMock } = await renderScreen(<IntakesPage />, {
      handlers: handlers({ 'POST /api/Intake/add': () => json({ ...intake, id: 4 }) }),
    });
    await screen.findByRole('cell', { name: `31 May 2027, 23:59 ${KL}` });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Intake' });
    await user.click(within(dialog).getByRole('combobox', { name: 'University course' }));
    await user.click(
      await screen.findByRole('option', { name: 'Sunway University — Data Science (Bachelor)' }),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Start date/), { target: { value: '2027-09-06' } });
    fireEvent.change(field(dialog, 'Application deadline'), { target: { value: '2027-05-31T23:59' } });
    fireEvent.change(field(dialog, 'Acceptance deadline'), { target: { value: '2027-08-15T23:59' } });
    expect(within(dialog).getByRole('switch', { name: 'Taking applications' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Item saved successfully!');
    expect(bodies(fetchMock, 'POST /api/Intake/add')).toEqual([
      {
        universityCourseId: 10,
        startDate: '2027-09-06',
        applicationDeadline: '2027-05-31T15:59:00.000Z',
        lateDeadline: null,
        acceptanceDeadline: '2027-08-15T15:59:00.000Z',
        seatCap: null,
        open: true,
      },
    ]);
  });

  it('shows a saved deadline back as the Kuala Lumpur wall clock, and refuses a late deadline before it', async () => {
    const { user } = await renderScreen(<IntakesPage />, { handlers: handlers() });
    await screen.findByRole('cell', { name: `31 May 2027, 23:59 ${KL}` });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Intake' });
    expect(field(dialog, 'Application deadline')).toHaveValue('2027-05-31T23:59');
    expect(field(dialog, 'Late deadline')).toHaveValue('');
    fireEvent.change(field(dialog, 'Late deadline'), { target: { value: '2027-05-31T23:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The late deadline must come after the application deadline.'),
    ).toBeInTheDocument();
  });

  it('lists one course from the address, and a new intake starts with it', async () => {
    const { user, fetchMock } = await renderScreen(<IntakesPage />, {
      path: '/screen?course=9',
      handlers: handlers(),
    });
    await screen.findByRole('cell', { name: `31 May 2027, 23:59 ${KL}` });
    expect(bodies(fetchMock, 'POST /api/Intake/getListByPage').at(-1).filter.conditions).toEqual([
      { field: 'universityCourseId', operator: 'EQ', value: '9' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'University course' })).toHaveValue(
        'Sunway University — Software Engineering (Bachelor)',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Intake' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'University course' })).toHaveValue(
        'Sunway University — Software Engineering (Bachelor)',
      ),
    );
  });

  it("a university course's row links to its intakes", async () => {
    await renderScreen(<UniversityCoursesPage />, {
      handlers: fakeResource('UniversityCourse', [{ ...offer, duration: 36, price: 1, currency: 0 }])
        .handlers,
    });
    const link = await screen.findByRole('link', { name: 'Intakes of Software Engineering' });
    expect(link).toHaveAttribute('href', '/Admin/Intakes?course=9');
  });
});
