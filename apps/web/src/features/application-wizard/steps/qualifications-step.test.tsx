import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiCalls,
  deferred,
  fakeResource,
  fakeUploads,
  json,
  problem,
  renderScreen,
  resetNotifications,
} from '../../../testing';
import { QualificationsStep } from './qualifications-step';

afterEach(() => resetNotifications());
beforeEach(() => fakeUploads());

const stored = {
  id: 31,
  studentId: 7,
  qualificationType: 4,
  others: null,
  yearOfExam: 2022,
  nameOfExamination: 'Diploma in IT',
  nameOfInstitution: 'Tashkent College',
  result: '3.6',
  certFileName: 'f-cert',
  transcriptFileName: 'f-tr',
};

function setUp(rows = [stored], extra = {}) {
  const resource = fakeResource('Qualification', rows);
  const onValidityChange = vi.fn();
  const uploads: string[] = [];
  const handlers = {
    ...resource.handlers,
    'POST /api/Qualification/upload': (init?: RequestInit) => {
      const file = ((init as RequestInit).body as FormData).get('file') as File;
      uploads.push(file.name);
      return json({ fileId: `id-${file.name}`, fileName: file.name });
    },
    'DELETE /api/Qualification/deleteFile/31': () => new Response(null, { status: 204 }),
    ...extra,
  };
  return { resource, onValidityChange, handlers, uploads };
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

async function fillDialog(user: Awaited<ReturnType<typeof renderScreen>>['user'], type: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Add Qualification' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Qualification Type' }));
  await user.click(await screen.findByRole('option', { name: type }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Year of Exam' }), '2021');
  await user.type(within(dialog).getByRole('textbox', { name: 'Name of Examination' }), 'GCE');
  await user.type(within(dialog).getByRole('textbox', { name: 'Name of Institution' }), 'School 5');
  await user.type(within(dialog).getByRole('textbox', { name: 'Result' }), 'A');
  return dialog;
}

describe('the qualifications step', () => {
  it('lists the saved entries as cards and reports the step valid', async () => {
    const { handlers, onValidityChange } = setUp();
    await renderScreen(<QualificationsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    expect(await screen.findByRole('article', { name: 'Diploma: Diploma in IT' })).toBeInTheDocument();
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it('is not valid without an entry and says so', async () => {
    const { handlers, onValidityChange } = setUp([]);
    await renderScreen(<QualificationsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    expect(await screen.findByText('Please add at least one entry.')).toBeInTheDocument();
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
    expect(onValidityChange).not.toHaveBeenCalledWith(true);
  });

  it('requires every field, then the certificate, naming the first problem', async () => {
    const { handlers, onValidityChange } = setUp([]);
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Qualification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Qualification' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please fill in the Qualification Type field',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Qualification Type' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name of Institution' })).toHaveAccessibleDescription(
      'Please fill in the Name of Institution field',
    );
  });

  it('needs Others text when the type is Others, and clears it when switching away', async () => {
    const { handlers, onValidityChange } = setUp([]);
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Qualification' }));
    const dialog = await fillDialog(user, 'Others');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Please fill in the 'Others' field");
    await user.type(within(dialog).getByRole('textbox', { name: 'Others' }), 'IB Diploma');
    await user.click(within(dialog).getByRole('combobox', { name: 'Qualification Type' }));
    await user.click(await screen.findByRole('option', { name: 'Diploma' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Others' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Qualification Type' }));
    await user.click(await screen.findByRole('option', { name: 'Others' }));
    expect(within(dialog).getByRole('textbox', { name: 'Others' })).toHaveValue('');
  });

  it('adds an O level with a certificate only (no transcript needed), with upload progress', async () => {
    const upload = deferred();
    const { handlers, onValidityChange, resource } = setUp([], {
      'POST /api/Qualification/upload': () => upload.promise,
    });
    const { user, fetchMock } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Qualification' }));
    const dialog = await fillDialog(user, 'O Level');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please upload the certificate.');
    await user.upload(within(dialog).getByLabelText('Choose a file for Certificate'), pdf('cert.pdf'));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress of Certificate' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('Uploading...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    upload.release(json({ fileId: 'id-cert.pdf', fileName: 'cert.pdf' }));
    expect(await within(dialog).findByRole('link', { name: 'cert.pdf' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resource.store.rows).toEqual([
      expect.objectContaining({
        studentId: 7,
        qualificationType: 0,
        yearOfExam: 2021,
        certFileName: 'id-cert.pdf',
      }),
    ]);
    expect(apiCalls(fetchMock).map((c) => c.call)).toContain('POST /api/Qualification/add');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
  });

  it('requires a transcript for a Diploma', async () => {
    const { handlers, onValidityChange } = setUp([]);
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add Qualification' }));
    const dialog = await fillDialog(user, 'Diploma');
    await user.upload(within(dialog).getByLabelText('Choose a file for Certificate'), pdf('cert.pdf'));
    await within(dialog).findByRole('link', { name: 'cert.pdf' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please upload the transcript.');
  });

  it("shows 'Failed to save qualifications.' when the save fails", async () => {
    const { handlers, onValidityChange } = setUp([stored], {
      'POST /api/Qualification/update': () => problem(500, 'boom'),
    });
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Diploma: Diploma in IT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Qualification' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to save qualifications.')).toBeInTheDocument();
  });

  it("names the stored files in the edit dialog by their uploaded names, not 'Uploaded file'", async () => {
    const named = { ...stored, certDisplayName: 'Diploma scan.pdf', transcriptDisplayName: null };
    const { handlers, onValidityChange } = setUp([named]);
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Diploma: Diploma in IT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Qualification' });
    const certificate = within(dialog).getByRole('group', { name: /^Certificate/ });
    expect(within(certificate).getByRole('link', { name: 'Diploma scan.pdf' })).toHaveAttribute(
      'href',
      '/api/Document/downloadByFileId/f-cert',
    );
    // A row without the name (an older answer) still says a file is there.
    const transcript = within(dialog).getByRole('group', { name: /^Transcript/ });
    expect(within(transcript).getByRole('link', { name: 'Uploaded file' })).toBeInTheDocument();
  });

  it('asks before deleting, then deletes the files and then the entry', async () => {
    const { handlers, onValidityChange, resource } = setUp();
    const { user, fetchMock } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Diploma: Diploma in IT' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Qualification' });
    expect(within(confirm).getByText('Are you sure you want to delete this entry?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(resource.store.rows).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Diploma: Diploma in IT' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Qualification' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(resource.store.rows).toEqual([]));
    const calls = apiCalls(fetchMock).map((c) => c.call);
    expect(calls.indexOf('DELETE /api/Qualification/deleteFile/31')).toBeLessThan(
      calls.indexOf('POST /api/Qualification/delete'),
    );
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(false));
  });

  it("shows 'Failed to delete qualification.' and keeps the entry when the file delete fails", async () => {
    const { handlers, onValidityChange, resource } = setUp([stored], {
      'DELETE /api/Qualification/deleteFile/31': () => problem(500, 'boom'),
    });
    const { user } = await renderScreen(
      <QualificationsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Diploma: Diploma in IT' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Qualification' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete qualification.')).toBeInTheDocument();
    expect(resource.store.rows).toHaveLength(1);
  });
});
