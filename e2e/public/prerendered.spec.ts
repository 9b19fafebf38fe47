import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../support';

// Issue 20 item 7: `/` and `/login` arrive prerendered in the visitor's language, readable before
// (and without) any JavaScript, and the app takes the markup over without drawing it again.
// The texts come from the catalogues, so a change of wording does not break this spec.
const LANGUAGES = ['uz', 'ru', 'en'] as const;
type TLanguage = (typeof LANGUAGES)[number];
const catalogue = (language: TLanguage, namespace: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${language}/${namespace}.json`, 'utf8'));
const texts = (language: TLanguage) => {
  const landing = catalogue(language, 'landing');
  const auth = catalogue(language, 'auth');
  return {
    heroTitle: landing.hero.title as string,
    contactTitle: landing.contact.title as string,
    loginTab: auth.page.loginTab as string,
    registerTab: auth.page.registerTab as string,
    loginTitle: auth.page.title as string,
    chooseRole: auth.chooseRole as string,
    registerWithGoogle: auth.registerWithGoogle as string,
  };
};
const languageCookie = (language: TLanguage) => ({
  name: 'appLanguage',
  value: language,
  url: BASE_URL,
});
/** HTML escaping as React writes text: enough for these catalogues' texts. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

test.describe('the served HTML', () => {
  for (const language of LANGUAGES) {
    test(`/ and /login hold their texts in ${language}, with no inline script`, async ({ request }) => {
      const t = texts(language);
      for (const [url, expected] of [
        ['/', [t.heroTitle, t.contactTitle]],
        ['/login', [t.loginTitle, t.loginTab, t.registerTab]],
      ] as const) {
        const res = await request.get(url, { headers: { cookie: `appLanguage=${language}` } });
        expect(res.status(), url).toBe(200);
        const html = await res.text();
        expect(html, url).toContain(`<html lang="${language}"`);
        for (const text of expected) expect(html, `${url} ${language}`).toContain(escaped(text));
        // CSP script-src 'self': every script is a file.
        expect(html.match(/<script\b(?![^>]*\bsrc=)[^>]*>/g), url).toBeNull();
      }
    });
  }

  test('Uzbek without a cookie; the loading shell with a session cookie', async ({ request }) => {
    const uz = await (await request.get('/')).text();
    expect(uz).toContain(escaped(texts('uz').heroTitle));
    const shell = await (
      await request.get('/', { headers: { cookie: 'sid=expired; appLanguage=en' } })
    ).text();
    expect(shell).toContain('Loading application...');
    expect(shell).not.toContain(escaped(texts('en').heroTitle));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 }, hasTouch: true });

  test('the landing page and the Login and Register tabs read in the cookie’s language', async ({
    page,
    context,
  }) => {
    for (const language of LANGUAGES) {
      const t = texts(language);
      await context.clearCookies();
      await context.addCookies([languageCookie(language)]);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heroTitle);
      await expect(page.getByRole('heading', { name: t.contactTitle })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: t.loginTab })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.registerTab })).toBeVisible();
    }
  });
});

type TWatched = { removedLandmarks: number; layoutShift: number };

/**
 * Counts headings and landmarks removed from the page (a page drawn anew would remove them) and
 * adds up the layout shifts no input caused (a stylesheet arriving after the first paint moves the
 * page).
 */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as TWatched;
    w.removedLandmarks = 0;
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && node.matches('main, h1, header, [role="tablist"]'))
            w.removedLandmarks++;
    }).observe(document, { childList: true, subtree: true });
  });
}

test.describe('with JavaScript', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

  test('the app takes over the prerendered page: no hydration error, nothing drawn twice or moved', async ({
    page,
    context,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await watchPage(page);
    const watched = () =>
      page.evaluate(() => {
        const { removedLandmarks, layoutShift } = window as unknown as TWatched;
        return { removedLandmarks, layoutShift };
      });
    const t = texts('ru');
    await context.addCookies([languageCookie('ru')]);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heroTitle);
    // Interactive once hydrated (a tap before that does nothing, so the user taps again):
    // registering without a role says what is missing.
    await expect(async () => {
      await page.getByRole('button', { name: t.registerWithGoogle }).tap();
      await expect(page.getByText(t.chooseRole)).toBeVisible({ timeout: 1000 });
    }).toPass();
    expect(await watched()).toEqual({ removedLandmarks: 0, layoutShift: 0 });

    await page.goto('/login');
    await expect(async () => {
      await page.getByRole('tab', { name: t.registerTab }).tap();
      await expect(page.getByRole('tab', { name: t.registerTab })).toHaveAttribute('aria-selected', 'true', {
        timeout: 1000,
      });
    }).toPass();
    expect(await watched()).toEqual({ removedLandmarks: 0, layoutShift: 0 });
    expect(errors).toEqual([]);
  });
});
