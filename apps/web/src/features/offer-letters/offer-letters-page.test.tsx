import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TOfferLetterTemplate } from '@uniapply/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, DEMO_USERS, json, problem, renderApp, type THandlers } from '../../testing';

// Issue 22 item 3: /Admin/OfferLetters, the offer letter's template per language.

function fakeTemplates() {
  const store: TOfferLetterTemplate[] = [
    { language: 'uz', body: 'Hurmatli {{applicantName}}!', updatedAt: null },
    { language: 'en', body: 'Dear {{applicantName}},', updatedAt: null },
    { language: 'ru', body: 'Уважаемый(-ая) {{applicantName}}!', updatedAt: null },
  ];
  const handlers: THandlers = {
    'GET /api/OfferLetterTemplate': () => json(store),
    'PUT /api/OfferLetterTemplate': (init) => {
      const body = JSON.parse(String(init?.body)) as { language: string; body: string };
      if (body.body.includes('{{server}}'))
        return problem(400, 'These are not letter fields: {{server}}.', [
          { path: 'body', code: 'unknownPlaceholder', message: 'x', params: { fields: '{{server}}' } },
        ]);
      const saved = { ...body, updatedAt: '2026-11-27T06:00:00.000Z' } as TOfferLetterTemplate;
      store.splice(
        store.findIndex((x) => x.language === body.language),
        1,
        saved,
      );
      return json(saved);
    },
    'POST /api/OfferLetterTemplate/preview': () =>
      new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
      }),
  };
  return { store, handlers };
}

afterEach(() => vi.restoreAllMocks());

describe('/Admin/OfferLetters', () => {
  it('inserts a field at the caret, saves the language shown, and names unknown fields', async () => {
    const api = fakeTemplates();
    const { user, fetchMock } = await renderApp('/Admin/OfferLetters', {
      me: DEMO_USERS.Admin,
      handlers: api.handlers,
    });
    expect(await screen.findByRole('heading', { name: 'Offer letters', level: 1 })).toBeInTheDocument();
    const text = await screen.findByRole('textbox', { name: 'Letter text' });
    expect(text).toHaveValue('Dear {{applicantName}},');
    expect(screen.getByText('Built-in text: not saved yet.')).toBeInTheDocument();

    // The caret after "Dear ": the field goes there, not at the end.
    (text as HTMLTextAreaElement).setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Course' }));
    expect(text).toHaveValue('Dear {{course}}{{applicantName}},');

    fireEvent.change(text, { target: { value: 'Dear {{course}}{{applicantName}}, {{nmae}}' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('These are not letter fields: {{nmae}}')).toBeInTheDocument();
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('PUT /api/OfferLetterTemplate');

    fireEvent.change(text, { target: { value: 'Hello {{applicantName}} {{server}}' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The client does not know {{server}} either: refused before sending.
    expect(await screen.findByText('These are not letter fields: {{server}}')).toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'Offer\n\nDear {{applicantName}},' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The letter is saved.')).toBeInTheDocument();
    expect(apiCalls(fetchMock).find((c) => c.call === 'PUT /api/OfferLetterTemplate')?.body).toEqual({
      language: 'en',
      body: 'Offer\n\nDear {{applicantName}},',
    });
    expect(screen.getByText(/^Saved 27 Nov 2026/)).toBeInTheDocument();

    // Another language keeps its own text; back again, the edit is still there.
    await user.click(screen.getByRole('radio', { name: 'Russian' }));
    expect(text).toHaveValue('Уважаемый(-ая) {{applicantName}}!');
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(text).toHaveValue('Offer\n\nDear {{applicantName}},');
  }, 40_000);

  it("shows the server's refusal naming the fields", async () => {
    const api = fakeTemplates();
    // A server that knows fewer fields than this client (an older one): its answer is shown.
    api.handlers['PUT /api/OfferLetterTemplate'] = () =>
      problem(400, 'These are not letter fields: {{fees}}.', [
        { path: 'body', code: 'unknownPlaceholder', message: 'x', params: { fields: '{{fees}}' } },
      ]);
    const { user } = await renderApp('/Admin/OfferLetters', { me: DEMO_USERS.Admin, handlers: api.handlers });
    await screen.findByRole('textbox', { name: 'Letter text' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('These are not letter fields: {{fees}}')).toBeInTheDocument();
  });

  it('previews the text shown as a PDF in a new tab', async () => {
    const api = fakeTemplates();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    const { user, fetchMock } = await renderApp('/Admin/OfferLetters', {
      me: DEMO_USERS.Admin,
      handlers: api.handlers,
    });
    await screen.findByRole('textbox', { name: 'Letter text' });
    await user.click(screen.getByRole('radio', { name: 'Uzbek' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:preview'));
    expect(apiCalls(fetchMock).find((c) => c.call === 'POST /api/OfferLetterTemplate/preview')?.body).toEqual(
      {
        language: 'uz',
        body: 'Hurmatli {{applicantName}}!',
      },
    );
  });

  it('shows the load error, and speaks Uzbek and Russian', async () => {
    await renderApp('/Admin/OfferLetters', {
      me: DEMO_USERS.Admin,
      handlers: { 'GET /api/OfferLetterTemplate': () => problem(500, 'boom') },
    });
    const failed = await screen.findByText('The letters could not be loaded.', {}, { timeout: 10_000 });
    expect(failed.closest('[role="alert"]')).not.toBeNull();
    cleanup();
    const api = fakeTemplates();
    await renderApp('/Admin/OfferLetters', { me: DEMO_USERS.Admin, handlers: api.handlers, language: 'uz' });
    expect(await screen.findByRole('heading', { name: 'Taklifnomalar', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Arizachining ismi' })).toBeInTheDocument();
    cleanup();
    await renderApp('/Admin/OfferLetters', { me: DEMO_USERS.Admin, handlers: api.handlers, language: 'ru' });
    expect(await screen.findByRole('heading', { name: 'Письма о зачислении', level: 1 })).toBeInTheDocument();
  });
});
