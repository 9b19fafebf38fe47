import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, fakeResource, json, renderScreen } from '../../../testing';
import { RefereesList } from './referees-list';

// Step 8's referees (issue 21 item 4): entry cards beside the personal statement, added and
// edited in the entry dialog, deleted after a confirm, at most two (Add goes away at two).

const teacher = {
  id: 4,
  studentId: 7,
  fullName: 'Гулчеҳра Раҳимова',
  relationship: 'Class teacher',
  email: 'rahimova@litsey.uz',
  institution: 'Toshkent akademik litseyi',
};
const supervisor = {
  id: 5,
  studentId: 7,
  fullName: 'Oʻlmas Gʻaniyev',
  relationship: 'Supervisor',
  email: 'ganiyev@tdtu.uz',
  institution: 'TDTU',
};

function setUp(rows: (typeof teacher)[]) {
  const resource = fakeResource('Referee', rows);
  return { resource, handlers: resource.handlers };
}

describe('the referees of step 8', () => {
  it('adds a referee through the entry dialog: every field asked for, the email checked', async () => {
    const { handlers, resource } = setUp([]);
    const { user, fetchMock } = await renderScreen(<RefereesList studentId={7} />, { handlers });
    expect(await screen.findByText('No referees added.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Referee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Referee' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in the Full Name field');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Full Name/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /^Full Name/ }), teacher.fullName);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Relationship to Applicant/ }),
      teacher.relationship,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'rahimova@litsey');
    await user.type(within(dialog).getByRole('textbox', { name: /^Institution/ }), teacher.institution);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), '.uz');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resource.store.rows).toHaveLength(1));
    const { id: _id, ...body } = teacher;
    expect(apiCalls(fetchMock).find((c) => c.call === 'POST /api/Referee/add')?.body).toEqual(body);
    const card = await screen.findByRole('article', { name: teacher.fullName });
    for (const text of ['Class teacher', 'Toshkent akademik litseyi', 'rahimova@litsey.uz'])
      expect(within(card).getByText(text)).toBeInTheDocument();
  }, 60_000); // much typing: generous on a loaded machine

  it('hides Add at two referees and says why; deleting one (after a confirm) brings it back', async () => {
    const { handlers, resource } = setUp([teacher, supervisor]);
    const { user } = await renderScreen(<RefereesList studentId={7} />, { handlers });
    await screen.findByRole('article', { name: supervisor.fullName });
    expect(screen.queryByRole('button', { name: 'Add Referee' })).toBeNull();
    expect(screen.getByText(/You have named two referees, the most allowed\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Delete ${supervisor.fullName}` }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Referee' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resource.store.rows).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: `Delete ${supervisor.fullName}` }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Referee' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: supervisor.fullName })).toBeNull());
    expect(resource.store.rows.map((r) => r.id)).toEqual([4]);
    expect(await screen.findByRole('button', { name: 'Add Referee' })).toBeInTheDocument();
  });

  it('edits a referee from the keyboard: Edit with Enter, the saved values, Escape closes', async () => {
    const { handlers, resource } = setUp([teacher]);
    const { user, fetchMock } = await renderScreen(<RefereesList studentId={7} />, { handlers });
    const edit = await screen.findByRole('button', { name: `Edit ${teacher.fullName}` });
    edit.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'Edit Referee' });
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue(teacher.email);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Edit Referee' });
    const relationship = within(dialog).getByRole('textbox', { name: /^Relationship to Applicant/ });
    await user.clear(relationship);
    await user.type(relationship, 'Form tutor{Enter}');
    await waitFor(() => expect(resource.store.rows[0]?.relationship).toBe('Form tutor'));
    expect(apiCalls(fetchMock).find((c) => c.call === 'POST /api/Referee/update')?.body).toMatchObject({
      id: 4,
      studentId: 7,
      relationship: 'Form tutor',
    });
    expect(await screen.findByText('Form tutor')).toBeInTheDocument();
  }, 60_000);

  it('says why the server refused a third (another tab added one): 409 tooManyReferees, in the dialog', async () => {
    const { handlers } = setUp([teacher]);
    const refused = () =>
      json(
        {
          status: 409,
          title: 'Conflict',
          message: 'A student may name at most 2 referees.',
          code: 'tooManyReferees',
          params: { max: 2 },
        },
        409,
      );
    const { user } = await renderScreen(<RefereesList studentId={7} />, {
      handlers: { ...handlers, 'POST /api/Referee/add': refused },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Referee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Referee' });
    for (const [label, value] of [
      [/^Full Name/, 'Oʻlmas Gʻaniyev'],
      [/^Relationship to Applicant/, 'Supervisor'],
      [/^Email/, 'ganiyev@tdtu.uz'],
      [/^Institution/, 'TDTU'],
    ] as const)
      await user.type(within(dialog).getByRole('textbox', { name: label }), value);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Failed to save the referee. A student may name at most 2 referees.'),
    ).toBeInTheDocument();
  }, 60_000);
});
