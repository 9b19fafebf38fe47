import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, fakeResource, problem, renderScreen } from '../../../testing';
import { ExperienceStep } from './experience-step';

const job = { id: 9, studentId: 7, company: 'Uzcard', position: 'Intern', from: '2022-06-01', to: null };

function setUp(rows: (typeof job | { to: string })[] = [job], extra = {}) {
  const resource = fakeResource('Experience', rows as (typeof job)[]);
  return { resource, handlers: { ...resource.handlers, ...extra }, onValidityChange: vi.fn() };
}

describe('the working experience step', () => {
  it('is valid with no entries (optional)', async () => {
    const { handlers, onValidityChange } = setUp([]);
    await renderScreen(<ExperienceStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    expect(await screen.findByText('No work experience added.')).toBeInTheDocument();
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it("shows a job without an end date as 'Present' in the table", async () => {
    const { handlers, onValidityChange } = setUp();
    await renderScreen(<ExperienceStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    const row = (await screen.findByRole('cell', { name: 'Uzcard' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Present' })).toBeInTheDocument();
  });

  it("adds a current job: 'I still work here' leaves To empty and saves it as null", async () => {
    const { handlers, onValidityChange, resource } = setUp([]);
    const { user, fetchMock } = await renderScreen(
      <ExperienceStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Experience' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in the Company field');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'Beeline');
    await user.type(within(dialog).getByRole('textbox', { name: 'Position' }), 'Analyst');
    await user.type(within(dialog).getByLabelText(/^From/), '2023-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in the To field');
    await waitFor(() => expect(within(dialog).getByLabelText(/^To/)).toHaveFocus());
    await user.click(within(dialog).getByRole('checkbox', { name: 'I still work here' }));
    expect(within(dialog).getByLabelText(/^To/)).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resource.store.rows).toHaveLength(1));
    expect(apiCalls(fetchMock).find((c) => c.call === 'POST /api/Experience/add')?.body).toEqual({
      company: 'Beeline',
      position: 'Analyst',
      from: '2023-01-15',
      to: null,
      studentId: 7,
    });
    expect(await screen.findByRole('cell', { name: 'Present' })).toBeInTheDocument();
  });

  it('refuses an end date before the start date', async () => {
    const { handlers, onValidityChange } = setUp();
    const { user } = await renderScreen(
      <ExperienceStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Uzcard, Intern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Experience' });
    expect(within(dialog).getByRole('checkbox', { name: 'I still work here' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I still work here' }));
    await user.type(within(dialog).getByLabelText(/^To/), '2021-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The end date cannot be before the start date',
    );
  });

  it("says 'Failed to save experience.' and 'Failed to delete work experience.'", async () => {
    const { handlers, onValidityChange, resource } = setUp([job], {
      'POST /api/Experience/update': () => problem(500, 'boom'),
      'POST /api/Experience/delete': () => problem(500, 'boom'),
    });
    const { user } = await renderScreen(
      <ExperienceStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Uzcard, Intern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Experience' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to save experience.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete Uzcard, Intern' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Experience' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete work experience.')).toBeInTheDocument();
    expect(resource.store.rows).toHaveLength(1);
  });
});
