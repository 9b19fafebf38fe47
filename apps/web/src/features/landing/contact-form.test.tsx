import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, json, problem, renderApp } from '../../testing';

async function openForm(options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp('/', options);
  await screen.findByRole('heading', {
    level: 2,
    name: options.language === 'uz' ? 'Biz bilan bogʻlaning' : 'Contact us',
  });
  return app;
}

describe('contact form', () => {
  it('requires name, email and message, in the reader’s language', async () => {
    const { user, fetchMock } = await openForm({ language: 'uz' });
    await user.click(await screen.findByRole('button', { name: 'Xabarni yuborish' }));
    expect(await screen.findByText('Iltimos, «ism» maydonini toʻldiring')).toBeInTheDocument();
    expect(screen.getByText('Iltimos, «elektron pochta» maydonini toʻldiring')).toBeInTheDocument();
    expect(screen.getByText('Iltimos, «xabar» maydonini toʻldiring')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Ism/)).toHaveFocus();
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('POST /api/contact');
  });

  it('rejects a malformed email and clears errors as they are fixed', async () => {
    const { user } = await openForm();
    await user.type(await screen.findByLabelText(/^Name/), 'Bekzod');
    await user.type(screen.getByLabelText(/^Email/), 'bekzod@');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText(/^Email/), 'mail.uz');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('stores the message and thanks the sender', async () => {
    const { user, fetchMock } = await openForm({
      handlers: { 'POST /api/contact': () => json({ id: 7 }, 201) },
    });
    await user.type(await screen.findByLabelText(/^Name/), '  Bekzod  ');
    await user.type(screen.getByLabelText(/^Email/), 'bekzod@mail.uz');
    await user.type(screen.getByLabelText(/^Message/), 'When does the next intake start?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Your message has been received. We will get back to you by email soon.'),
    ).toBeInTheDocument();
    const sent = apiCalls(fetchMock).find((c) => c.call === 'POST /api/contact');
    expect(sent?.body).toEqual({
      name: 'Bekzod',
      email: 'bekzod@mail.uz',
      message: 'When does the next intake start?',
    });
  });

  it("shows the server's error when the message is refused", async () => {
    const { user } = await openForm({
      handlers: {
        'POST /api/contact': () =>
          problem(400, 'body.email: validation.email', [{ path: 'body.email', message: 'validation.email' }]),
      },
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Bekzod');
    await user.type(screen.getByLabelText(/^Email/), 'bekzod@mail.uz');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('says so when the sender is rate limited', async () => {
    const { user } = await openForm({
      handlers: { 'POST /api/contact': () => problem(429, 'Rate limit exceeded, retry in 1 minute') },
    });
    await user.type(await screen.findByLabelText(/^Name/), 'Bekzod');
    await user.type(screen.getByLabelText(/^Email/), 'bekzod@mail.uz');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });
});
