import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, json, problem, renderApp } from '../../testing';

describe('status mails on the profile page (unsubscribe)', () => {
  it('shows the saved setting and turns status mails off', async () => {
    let stored = true;
    const { user, fetchMock } = await renderApp('/Student/Profile', {
      me: DEMO_USERS.Student,
      handlers: {
        'GET /api/auth/me/mail-settings': () => json({ statusMails: stored }),
        'PUT /api/auth/me/mail-settings': (init) => {
          stored = (JSON.parse(String(init?.body)) as { statusMails: boolean }).statusMails;
          return json({ statusMails: stored });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Your profile' });
    const toggle = await screen.findByRole('switch', { name: 'Status emails' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Your email setting has been saved.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(apiCalls(fetchMock)).toContainEqual({
      call: 'PUT /api/auth/me/mail-settings',
      body: { statusMails: false },
    });
  });

  it('says so in Uzbek when saving fails, and keeps the setting as it was', async () => {
    const { user } = await renderApp('/Agent/Profile', {
      me: DEMO_USERS.Agent,
      language: 'uz',
      handlers: {
        'GET /api/auth/me/mail-settings': () => json({ statusMails: false }),
        'PUT /api/auth/me/mail-settings': () => problem(500, 'Something went wrong.'),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Holat haqidagi xatlar' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Xat sozlamangizni saqlab boʻlmadi');
    expect(toggle).not.toBeChecked();
  });
});
