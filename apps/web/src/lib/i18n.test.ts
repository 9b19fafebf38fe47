import { afterEach, describe, expect, it } from 'vitest';
import { START_BUNDLES } from '../locales/start-bundles';
import { createI18n, currentLanguage, START_NAMESPACES, translateKey } from './i18n';

describe('interface language', () => {
  afterEach(() => {
    window.localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the one cookie the app writes.
    document.cookie = 'appLanguage=; path=/; max-age=0';
  });

  it('speaks Uzbek when nothing was chosen, and marks the page as Uzbek', async () => {
    const i18n = await createI18n();
    expect(currentLanguage(i18n)).toBe('uz');
    expect(document.documentElement.lang).toBe('uz');
    expect(i18n.t('common:loadingApplication')).toBe('Ilova yuklanmoqda...');
  });

  it('uses the stored choice', async () => {
    window.localStorage.setItem('appLanguage', 'ru');
    const i18n = await createI18n();
    expect(currentLanguage(i18n)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(i18n.t('auth:loginWithGoogle')).toBe('Войти через Google');
  });

  it('without a stored choice, speaks the language of the cookie the server followed (issue 20 item 7)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server chose the prerendered page by.
    document.cookie = 'appLanguage=ru; path=/';
    expect(currentLanguage(await createI18n())).toBe('ru');
    window.localStorage.setItem('appLanguage', 'en');
    expect(currentLanguage(await createI18n())).toBe('en');
  });

  it('ignores a cookie naming a language the portal does not speak', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = 'appLanguage=de; path=/';
    expect(currentLanguage(await createI18n())).toBe('uz');
  });

  it('reads a regional code as its language', async () => {
    window.localStorage.setItem('appLanguage', 'ru-RU');
    expect(currentLanguage(await createI18n())).toBe('ru');
  });

  it('falls back to English for an unsupported stored language', async () => {
    window.localStorage.setItem('appLanguage', 'de');
    const i18n = await createI18n();
    expect(currentLanguage(i18n)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('auth:loginWithGoogle')).toBe('Login with Google');
  });

  it('falls back to the English text for a key a catalogue lacks', async () => {
    const i18n = await createI18n();
    i18n.addResource('en', 'common', 'onlyInEnglish', 'English only');
    expect(i18n.t('common:onlyInEnglish')).toBe('English only');
  });

  it('follows a language change on <html lang>', async () => {
    const i18n = await createI18n();
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('translates the shared schemas message keys, with and without the field name', async () => {
    window.localStorage.setItem('appLanguage', 'en');
    const i18n = await createI18n();
    expect(translateKey(i18n.t, 'validation.required')).toBe('Please fill in this field');
    expect(translateKey(i18n.t, 'validation.required', { context: 'field', field: 'email' })).toBe(
      'Please fill in the email field',
    );
    expect(translateKey(i18n.t, 'validation.email', { context: 'field', field: 'email' })).toBe(
      'Please enter a valid email address',
    );
    await i18n.loadNamespaces('enums');
    expect(translateKey(i18n.t, 'enums.countries.malaysia')).toBe('Malaysia');
    expect(translateKey(i18n.t, 'not a key')).toBe('not a key');
  });

  it('bundles exactly the start namespaces for each language', async () => {
    for (const load of Object.values(START_BUNDLES)) {
      expect(Object.keys((await load()).default).sort()).toEqual([...START_NAMESPACES].sort());
    }
  });
});
