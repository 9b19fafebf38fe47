import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, fakeResource, fakeUploads, json, problem, renderScreen } from '../../../testing';
import { LanguagesStep } from './languages-step';

beforeEach(() => fakeUploads());

const ielts = {
  id: 5,
  studentId: 7,
  languageType: 1,
  others: null,
  result: '6.5',
  yearOfExam: 2023,
  certFileName: 'f-ielts',
};

function setUp(rows = [ielts], extra = {}) {
  const resource = fakeResource('Language', rows);
  const handlers = {
    ...resource.handlers,
    'POST /api/Language/upload': () => json({ fileId: 'f-new', fileName: 'toefl.pdf' }),
    'DELETE /api/Language/deleteFile/5': () => new Response(null, { status: 204 }),
    ...extra,
  };
  return { resource, handlers, onValidityChange: vi.fn() };
}

describe('the languages step', () => {
  it('shows each language as a card and is valid with one', async () => {
    const { handlers, onValidityChange } = setUp();
    await renderScreen(<LanguagesStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    expect(await screen.findByRole('article', { name: 'IELTS' })).toHaveTextContent('6.5');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it('needs a certificate, then adds the language with it', async () => {
    const { handlers, onValidityChange, resource } = setUp([]);
    const { user } = await renderScreen(<LanguagesStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    expect(await screen.findByText('Please add at least one entry.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Language' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Language' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Language Type' }));
    await user.click(await screen.findByRole('option', { name: 'TOEFL' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Result' }), '95');
    await user.type(within(dialog).getByRole('textbox', { name: 'Year of Exam' }), '2024');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please upload the certificate.');
    await user.upload(
      within(dialog).getByLabelText('Choose a file for Certificate'),
      new File(['x'], 'toefl.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByRole('link', { name: 'toefl.pdf' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(resource.store.rows).toHaveLength(1));
    expect(resource.store.rows[0]).toMatchObject({
      studentId: 7,
      languageType: 0,
      result: '95',
      certFileName: 'f-new',
    });
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it("says 'Failed to upload {file name}.' when the certificate upload fails", async () => {
    const { handlers, onValidityChange } = setUp([], {
      'POST /api/Language/upload': () => problem(500, 'boom'),
    });
    const { user } = await renderScreen(<LanguagesStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    await user.click(await screen.findByRole('button', { name: 'Add Language' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Language' });
    await user.upload(
      within(dialog).getByLabelText('Choose a file for Certificate'),
      new File(['x'], 'scan.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('Failed to upload scan.png.')).toBeInTheDocument();
  });

  it('asks, then deletes the certificate before the entry', async () => {
    const { handlers, onValidityChange, resource } = setUp();
    const { user, fetchMock } = await renderScreen(
      <LanguagesStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete IELTS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Language' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this entry?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(resource.store.rows).toEqual([]));
    const calls = apiCalls(fetchMock).map((c) => c.call);
    expect(calls.indexOf('DELETE /api/Language/deleteFile/5')).toBeLessThan(
      calls.indexOf('POST /api/Language/delete'),
    );
  });

  it("shows 'Failed to delete language.' when the delete fails", async () => {
    const { handlers, onValidityChange } = setUp([ielts], {
      'POST /api/Language/delete': () => problem(500, 'boom'),
    });
    const { user } = await renderScreen(<LanguagesStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete IELTS' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Language' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete language.')).toBeInTheDocument();
  });
});
