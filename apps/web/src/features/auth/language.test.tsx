import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, noContent, renderApp } from '../../testing';

/** A link of the signed-in sidebar, whatever the screen shows. */
const menuLink = async (name: string) =>
  within(await screen.findByRole('navigation', { name: /menu|menyu|меню/i })).findByRole('link', { name });

const saveLanguage = { 'PUT /api/auth/me/language': () => noContent() };
const languageSaves = (fetchMock: Parameters<typeof apiCalls>[0]) =>
  apiCalls(fetchMock).filter((c) => c.call === 'PUT /api/auth/me/language');

describe('language and the account', () => {
  it("applies the account's language in a browser that has no choice stored", async () => {
    const { fetchMock } = await renderApp('/', {
      language: null,
      me: { ...DEMO_USERS.Student, appLanguage: 'ru' },
      handlers: saveLanguage,
    });
    expect(await menuLink('Университеты')).toBeInTheDocument();
    expect(window.localStorage.getItem('appLanguage')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(languageSaves(fetchMock)).toEqual([]);
  });

  it('keeps a language chosen while signed out and saves it to the account at sign-in', async () => {
    window.localStorage.setItem('appLanguageChosenSignedOut', '1');
    const { fetchMock } = await renderApp('/', {
      language: 'en',
      me: { ...DEMO_USERS.Agent, appLanguage: 'ru' },
      handlers: saveLanguage,
    });
    expect(await menuLink('Application')).toBeInTheDocument();
    await waitFor(() => expect(languageSaves(fetchMock)).toHaveLength(1));
    expect(languageSaves(fetchMock)[0]?.body).toEqual({ language: 'en' });
    expect(window.localStorage.getItem('appLanguageChosenSignedOut')).toBeNull();
  });

  it('gives an account without a language the one in use', async () => {
    const { fetchMock } = await renderApp('/', {
      language: 'uz',
      me: DEMO_USERS.Admin,
      handlers: saveLanguage,
    });
    expect(await menuLink('Universitetlar')).toBeInTheDocument();
    await waitFor(() => expect(languageSaves(fetchMock)[0]?.body).toEqual({ language: 'uz' }));
  });

  it('remembers a choice made on the landing page for the next sign-in', async () => {
    const { user, fetchMock } = await renderApp('/', { language: null });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Til' }), 'ru');
    expect(
      await screen.findByRole('button', { name: 'Зарегистрироваться через Google' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('appLanguage')).toBe('ru');
    expect(window.localStorage.getItem('appLanguageChosenSignedOut')).toBe('1');
    expect(document.documentElement.lang).toBe('ru');
    expect(languageSaves(fetchMock)).toEqual([]);
  });

  it('saves a change made while signed in to the account', async () => {
    const { user, fetchMock } = await renderApp('/Admin/Dashboard', {
      me: { ...DEMO_USERS.Admin, appLanguage: 'en' },
      handlers: saveLanguage,
    });
    await menuLink('Universities');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'uz');
    expect(await menuLink('Universitetlar')).toBeInTheDocument();
    await waitFor(() => expect(languageSaves(fetchMock).map((c) => c.body)).toEqual([{ language: 'uz' }]));
    expect(window.localStorage.getItem('appLanguage')).toBe('uz');
  });
});
