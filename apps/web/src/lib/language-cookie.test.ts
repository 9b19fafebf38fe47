import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: removes what the code under test wrote.
  document.cookie = 'appLanguage=; path=/; max-age=0';
});

describe('the appLanguage cookie', () => {
  it('follows the language shown, for pages outside the SPA (the demo sign-in page)', async () => {
    window.localStorage.removeItem('appLanguage');
    const i18n = await createI18n();
    expect(document.cookie).toContain('appLanguage=uz');
    await i18n.changeLanguage('ru');
    expect(document.cookie).toContain('appLanguage=ru');
  });
});
