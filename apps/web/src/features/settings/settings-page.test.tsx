import { cleanup, screen } from '@testing-library/react';
import { DEFAULT_SETTINGS, type TSettings } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, json, problem, renderApp, type THandlers } from '../../testing';

/** The API's settings as the server keeps them between page loads. */
function fakeSettings(start: TSettings = DEFAULT_SETTINGS) {
  const store = { settings: { ...start } };
  const handlers: THandlers = {
    'GET /api/Settings': () => json(store.settings),
    'PUT /api/Settings': (init) => {
      const body = JSON.parse(String(init?.body)) as TSettings;
      if (body.unattachedUploadHours > 720) return problem(400, 'Invalid request body');
      store.settings = body;
      return json(store.settings);
    },
  };
  return { store, handlers };
}

describe('/Admin/Settings', () => {
  it('shows every setting with its default and unit; a change is saved and is there after a reload', async () => {
    const api = fakeSettings();
    const { user, fetchMock } = await renderApp('/Admin/Settings', {
      me: DEMO_USERS.Admin,
      handlers: api.handlers,
    });
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    const lead = await screen.findByRole('textbox', { name: 'Reminder lead time' });
    expect(lead).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Waiting time for requested documents' })).toHaveValue('14');
    expect(screen.getByRole('textbox', { name: 'Outbox retention' })).toHaveValue('90');
    expect(screen.getByRole('textbox', { name: 'Unattached upload retention' })).toHaveValue('24');
    expect(screen.getByText('How many days before a deadline applicants are reminded.')).toBeInTheDocument();

    await user.clear(lead);
    await user.type(lead, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings are saved.')).toBeInTheDocument();
    expect(apiCalls(fetchMock).find((c) => c.call === 'PUT /api/Settings')?.body).toEqual({
      ...DEFAULT_SETTINGS,
      reminderLeadDays: 10,
    });

    // A reload: a new page on the same server.
    cleanup();
    await renderApp('/Admin/Settings', { me: DEMO_USERS.Admin, handlers: api.handlers });
    expect(await screen.findByRole('textbox', { name: 'Reminder lead time' })).toHaveValue('10');
  });

  it('refuses a value out of its bounds before sending it', async () => {
    const api = fakeSettings();
    const { user, fetchMock } = await renderApp('/Admin/Settings', {
      me: DEMO_USERS.Admin,
      handlers: api.handlers,
    });
    const hours = await screen.findByRole('textbox', { name: 'Unattached upload retention' });
    await user.clear(hours);
    await user.type(hours, '5000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 720.')).toBeInTheDocument();
    expect(apiCalls(fetchMock).map((c) => c.call)).not.toContain('PUT /api/Settings');
  });

  it('speaks Uzbek and Russian', async () => {
    const api = fakeSettings();
    await renderApp('/Admin/Settings', { me: DEMO_USERS.Admin, handlers: api.handlers, language: 'uz' });
    expect(await screen.findByRole('heading', { name: 'Sozlamalar', level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByRole('textbox', { name: 'Soʻralgan hujjatlarni kutish muddati' }),
    ).toBeInTheDocument();
    cleanup();
    await renderApp('/Admin/Settings', { me: DEMO_USERS.Admin, handlers: api.handlers, language: 'ru' });
    expect(await screen.findByRole('heading', { name: 'Настройки', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Хранение исходящих писем' })).toBeInTheDocument();
  });
});
