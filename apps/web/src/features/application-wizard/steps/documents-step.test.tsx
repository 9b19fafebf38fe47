import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, deferred, fakeUploads, json, noContent, problem, renderScreen } from '../../../testing';
import { DocumentsStep } from './documents-step';

beforeEach(() => fakeUploads());

const TYPES = [
  { id: 1, name: 'Passport Photo' },
  { id: 2, name: 'Passport Copy' },
  { id: 3, name: 'Resume' },
  { id: 4, name: 'Health Examination' },
];
const doc = (id: number, documentTypeId: number, fileName: string) => ({
  id,
  documentTypeId,
  fileId: `file-${id}`,
  fileName,
});

function setUp(rows: ReturnType<typeof doc>[], extra = {}) {
  let stored = [...rows];
  const handlers = {
    'GET /api/DocumentType/allAsync': () => json(TYPES),
    'GET /api/Document/list': () => json(stored),
    'DELETE /api/Document/delete/12': () => {
      stored = stored.filter((d) => d.id !== 12);
      return noContent();
    },
    ...extra,
  };
  return { handlers, onValidityChange: vi.fn() };
}

const slot = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });

describe('the supporting documents step', () => {
  it("shows 'Loading documents...', then the four slots, the health examination optional", async () => {
    const list = deferred();
    const { handlers, onValidityChange } = setUp([], { 'GET /api/Document/list': () => list.promise });
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    expect(await screen.findByText('Loading documents...')).toBeInTheDocument();
    list.release(json([]));
    expect(await screen.findByRole('group', { name: /^Passport Photo/ })).toBeInTheDocument();
    expect(slot('Passport Copy')).toBeInTheDocument();
    expect(slot('Resume')).toBeInTheDocument();
    expect(slot('Health Examination Report')).toHaveTextContent('(optional)');
    expect(screen.getByText('Please upload all required documents before proceeding.')).toBeInTheDocument();
    expect(onValidityChange).toHaveBeenLastCalledWith(false);
  });

  it.each([
    ['uz', 'Pasport nusxasi'],
    ['ru', 'Копия паспорта'],
  ])(
    "issue 20: in %s names the fixed types in the reader's language and an admin's type as stored",
    async (language, copy) => {
      const { handlers, onValidityChange } = setUp([], {
        'GET /api/DocumentType/allAsync': () => json([...TYPES, { id: 6, name: 'Bank statement' }]),
      });
      await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, {
        handlers,
        language,
      });
      expect(await screen.findByRole('group', { name: new RegExp(`^${copy}`) })).toBeInTheDocument();
      expect(slot('Bank statement')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: /^Passport Copy/ })).toBeNull();
    },
  );

  it('is valid once the three required documents are there, without the health examination', async () => {
    const { handlers, onValidityChange } = setUp([
      doc(11, 1, 'me.jpg'),
      doc(12, 2, 'passport.pdf'),
      doc(13, 3, 'cv.docx'),
    ]);
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    expect(await screen.findByRole('link', { name: 'passport.pdf' })).toHaveAttribute(
      'href',
      '/api/Document/downloadByFileId/file-12',
    );
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
    expect(screen.queryByText('Please upload all required documents before proceeding.')).toBeNull();
  });

  it('uploads into a slot: disabled with a progress bar while sending, then the file name', async () => {
    const upload = deferred();
    const { handlers, onValidityChange } = setUp([doc(11, 1, 'me.jpg'), doc(12, 2, 'passport.pdf')], {
      'POST /api/Document/upload': () => upload.promise,
    });
    const { user, fetchMock } = await renderScreen(
      <DocumentsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await screen.findByRole('group', { name: /^Resume/ });
    await user.upload(
      screen.getByLabelText('Choose a file for Resume'),
      new File(['x'.repeat(3 * 1024 * 1024)], 'cv.pdf'),
    );
    const resume = slot('Resume');
    const bar = await within(resume).findByRole('progressbar', { name: 'Upload progress of Resume' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(resume).getByText('Uploading...')).toBeInTheDocument();
    expect(within(resume).getByText('cv.pdf · 3.0 MB')).toBeInTheDocument();
    expect(within(resume).getByRole('button', { name: 'Upload Resume' })).toBeDisabled();
    upload.release(json({ id: 14, docPath: 'file-14', fileId: 'file-14', fileName: 'cv.pdf' }));
    expect(await within(resume).findByRole('link', { name: 'cv.pdf' })).toBeInTheDocument();
    expect(within(resume).queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(true));
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/Document/upload')?.[1]
      ?.body as FormData;
    expect(sent.get('studentId')).toBe('7');
    expect(sent.get('DocumentTypeId')).toBe('3');
  });

  it("marks the slot as failed: 'Failed to upload {file name}.'", async () => {
    const { handlers, onValidityChange } = setUp([], {
      'POST /api/Document/upload': () => problem(413, 'Too large'),
    });
    const { user } = await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    await screen.findByRole('group', { name: /^Passport Copy/ });
    await user.upload(screen.getByLabelText('Choose a file for Passport Copy'), new File(['x'], 'scan.pdf'));
    expect(await within(slot('Passport Copy')).findByRole('alert')).toHaveTextContent(
      'Failed to upload scan.pdf.',
    );
  });

  it("says why the server refused the file: 'Failed to upload cv.doc.' and the coded reason", async () => {
    const { handlers, onValidityChange } = setUp([], {
      'POST /api/Document/upload': () =>
        new Response(
          JSON.stringify({
            status: 400,
            title: 'Bad Request',
            code: 'fileType',
            params: { accepted: 'pdf, doc, docx, jpg, jpeg, png' },
            message: 'The file is not a Word document (it has no WordDocument stream).',
          }),
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const { user } = await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
    });
    await screen.findByRole('group', { name: /^Resume/ });
    await user.upload(screen.getByLabelText('Choose a file for Resume'), new File(['x'], 'cv.doc'));
    expect(await within(slot('Resume')).findByRole('alert')).toHaveTextContent(
      "Failed to upload cv.doc. This file type is not accepted, or the file's content does not match its name. Accepted: pdf, doc, docx, jpg, jpeg, png.",
    );
  });

  it('refuses a file type outside pdf, doc, docx, jpg, jpeg, png before sending it', async () => {
    const { handlers, onValidityChange } = setUp([]);
    const { fetchMock } = await renderScreen(
      <DocumentsStep studentId={7} onValidityChange={onValidityChange} />,
      {
        handlers,
      },
    );
    await screen.findByRole('group', { name: /^Resume/ });
    const input = screen.getByLabelText('Choose a file for Resume');
    expect(input).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png');
    fireEvent.change(input, { target: { files: [new File(['x'], 'virus.exe')] } });
    expect(await within(slot('Resume')).findByRole('alert')).toHaveTextContent(
      'virus.exe cannot be uploaded: only PDF, DOC, DOCX, JPG, JPEG, PNG files are accepted.',
    );
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('POST /api/Document/upload');
  });

  it("offers the phone's front camera for the passport photo only", async () => {
    const { handlers, onValidityChange } = setUp([]);
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    const camera = await screen.findByLabelText('Take a photo for Passport Photo');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'user');
    expect(screen.queryByLabelText('Take a photo for Resume')).toBeNull();
  });

  it('deletes an uploaded document and the step becomes invalid again', async () => {
    const { handlers, onValidityChange } = setUp([
      doc(11, 1, 'me.jpg'),
      doc(12, 2, 'passport.pdf'),
      doc(13, 3, 'cv.docx'),
    ]);
    const { user, fetchMock } = await renderScreen(
      <DocumentsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Passport Copy' }));
    await waitFor(() => expect(within(slot('Passport Copy')).queryByRole('link')).toBeNull());
    expect(apiCalls(fetchMock).map((c) => c.call)).toContain('DELETE /api/Document/delete/12');
    await waitFor(() => expect(onValidityChange).toHaveBeenLastCalledWith(false));
  });

  it("says 'Failed to load document types. Please try again.' when they cannot be loaded", async () => {
    const { handlers, onValidityChange } = setUp([], {
      'GET /api/DocumentType/allAsync': () => problem(500, 'x'),
    });
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    expect(await screen.findByText('Failed to load document types. Please try again.')).toBeInTheDocument();
  });
});

describe('the upload limit, stated before it bites (issue 18 item 5)', () => {
  const config = {
    'GET /api/config': () =>
      json({
        uploadMaxBytes: 2 * 1024 * 1024,
        uploadMaxMb: 2,
        uploadTypes: ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'],
      }),
  };

  it('every slot names the accepted types and the limit the server publishes', async () => {
    const { handlers, onValidityChange } = setUp([doc(13, 3, 'cv.docx')], config);
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, { handlers });
    await screen.findByRole('group', { name: /^Resume/ });
    for (const name of ['Passport Photo', 'Passport Copy', 'Resume', 'Health Examination Report'])
      expect(
        await within(slot(name)).findByText('PDF, DOC, DOCX, JPG, JPEG, PNG · up to 2 MB'),
      ).toBeInTheDocument();
  });

  it('in Uzbek', async () => {
    const { handlers, onValidityChange } = setUp([], config);
    await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
      language: 'uz',
    });
    expect(await screen.findAllByText('PDF, DOC, DOCX, JPG, JPEG, PNG · 2 MB gacha')).toHaveLength(4);
  });

  it('a file over the limit is refused before it is sent, naming the limit', async () => {
    const { handlers, onValidityChange } = setUp([], config);
    const { fetchMock } = await renderScreen(
      <DocumentsStep studentId={7} onValidityChange={onValidityChange} />,
      { handlers },
    );
    await screen.findAllByText('PDF, DOC, DOCX, JPG, JPEG, PNG · up to 2 MB');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.pdf');
    fireEvent.change(screen.getByLabelText('Choose a file for Resume'), { target: { files: [big] } });
    expect(await within(slot('Resume')).findByRole('alert')).toHaveTextContent(
      'big.pdf cannot be uploaded: the file is larger than 2 MB.',
    );
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('POST /api/Document/upload');
  });

  it("the server's refusal names the limit too", async () => {
    const { handlers, onValidityChange } = setUp([], {
      'POST /api/Document/upload': () =>
        new Response(
          JSON.stringify({
            status: 413,
            title: 'Payload Too Large',
            code: 'fileTooLarge',
            params: { limitMb: 2 },
            message: 'The file is larger than 2 MB.',
          }),
          { status: 413, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    const { user } = await renderScreen(<DocumentsStep studentId={7} onValidityChange={onValidityChange} />, {
      handlers,
      language: 'uz',
    });
    await screen.findByRole('group', { name: /^Rezyume/ });
    await user.upload(screen.getByLabelText('Rezyume uchun fayl tanlang'), new File(['x'], 'cv.pdf'));
    expect(await within(slot('Rezyume')).findByRole('alert')).toHaveTextContent('Fayl 2 MB dan katta.');
  });
});
