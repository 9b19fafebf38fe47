import { readFileSync } from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { BASE_URL } from '../support';

// Issue 20 item 7: `/` and `/login` arrive prerendered in the visitor's language, readable and
// usable before (and without) any JavaScript: they run no React, only src/first-screen.ts.
// The texts come from the catalogues, so a change of wording does not break this spec.
const LANGUAGES = ['uz', 'ru', 'en'] as const;
type TLanguage = (typeof LANGUAGES)[number];
const catalogue = (language: TLanguage, namespace: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${language}/${namespace}.json`, 'utf8'));
const texts = (language: TLanguage) => {
  const landing = catalogue(language, 'landing');
  const auth = catalogue(language, 'auth');
  const common = catalogue(language, 'common');
  return {
    language: common.language as string,
    languageApply: common.languageApply as string,
    signIn: landing.header.signIn as string,
    loginWithGoogle: auth.loginWithGoogle as string,
    agent: auth.roles.agent as string,
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
/** The demo identity provider's sign-in page: where "… with Google" leads here. */
const PROVIDER = /\/api\/auth\/demo-oidc\/interaction\//;
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
        // The first paint waits for no stylesheet file: the page's rules are inline, the app's
        // whole stylesheets `media="print"` (applied by src/first-screen.ts once loaded).
        expect(html, url).toMatch(/<head>[\s\S]*<style data-critical-css>[\s\S]*<\/head>/);
        const stylesheets = html.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? [];
        expect(stylesheets.length, url).toBeGreaterThan(0);
        for (const link of stylesheets) expect(link, url).toContain('media="print"');
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

test.describe('without JavaScript, a visitor', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 }, hasTouch: true });

  test('switches the language on / and reaches sign-in', async ({ page }) => {
    const [uz, ru] = [texts('uz'), texts('ru')];
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await page.getByRole('combobox', { name: uz.language }).selectOption('ru');
    await page.getByRole('button', { name: uz.languageApply }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru.heroTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    // The header's sign-in link, then the /login page in the chosen language, then the provider.
    await page.getByRole('link', { name: ru.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru.loginTitle);
    await page.getByRole('link', { name: ru.loginWithGoogle }).click();
    await expect(page).toHaveURL(PROVIDER);
  });

  test('registers as an agent from the landing page', async ({ page }) => {
    const en = texts('en');
    await page.context().addCookies([languageCookie('en')]);
    await page.goto('/');
    await page.getByRole('radio', { name: en.agent }).check();
    const start = page.waitForRequest(/\/api\/auth\/google-login\?returnUrl=%2F&role=Agent$/);
    await page.getByRole('button', { name: en.registerWithGoogle }).click();
    await start;
    await expect(page).toHaveURL(PROVIDER);
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`on a 360 px phone ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 780 }, hasTouch: true });

    test('nothing on / and /login is wider than the screen, in uz, ru and en', async ({ page, context }) => {
      for (const language of LANGUAGES) {
        await context.clearCookies();
        await context.addCookies([languageCookie(language)]);
        for (const url of ['/', '/login']) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // With JavaScript, measured once the app's whole stylesheets apply (src/first-screen.ts).
          if (javaScriptEnabled)
            await expect(page.locator('link[data-app-stylesheet][media="print"]')).toHaveCount(0);
          const { width, wider } = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            // What reaches past the right edge, to name in the message.
            wider: [...document.querySelectorAll('body *')]
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
              .slice(0, 4)
              .map(
                (element) => `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 20) ?? ''}`,
              ),
          }));
          expect(
            width,
            `${url} in ${language} is ${width} px wide: ${wider.join(' | ')}`,
          ).toBeLessThanOrEqual(360);
        }
      }
    });
  });
}

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

  test('a tap on Register right after the load of / starts the sign-up; the language applies on change', async ({
    page,
  }) => {
    const [uz, en] = [texts('uz'), texts('en')];
    await page.goto('/');
    await page.getByRole('radio', { name: uz.agent }).check();
    const start = page.waitForRequest(/\/api\/auth\/google-login\?returnUrl=%2F&role=Agent$/);
    await page.getByRole('button', { name: uz.registerWithGoogle }).click();
    await start;
    await expect(page).toHaveURL(PROVIDER);

    await page.goto('/login');
    await page.getByRole('combobox', { name: uz.language }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.loginTitle);
    await expect(page).toHaveURL(/\/login$/);
    // Stored as the app stores a choice made while signed out (applied at the next sign-in).
    expect(
      await page.evaluate(() => [localStorage.appLanguage, localStorage.appLanguageChosenSignedOut]),
    ).toEqual(['en', '1']);
  });

  test('a tap right after the load works: nothing drawn twice or moved, no error', async ({
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
    // Nothing removed; the layout shifts no input caused stay far below Lighthouse's "good" 0.1
    // (one run on a loaded machine measured 0.0002, not reproduced alone: 0).
    const expectSteady = async () => {
      const { removedLandmarks, layoutShift } = await watched();
      expect(removedLandmarks).toBe(0);
      expect(layoutShift).toBeLessThan(0.01);
    };
    const t = texts('ru');
    await context.addCookies([languageCookie('ru')]);

    await page.goto('/');
    // No waiting for an app to take over: a tap right after the load lands. Registering without a
    // role says what is missing, in the page's words.
    await page.getByRole('button', { name: t.registerWithGoogle }).tap();
    await expect(page.getByText(t.chooseRole)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectSteady();

    await page.goto('/login');
    await page.getByRole('tab', { name: t.registerTab }).tap();
    await expect(page.getByRole('tab', { name: t.registerTab })).toHaveAttribute('aria-selected', 'true');
    await page.getByText(t.agent, { exact: true }).tap();
    await expect(page.getByRole('link', { name: t.registerWithGoogle })).toHaveAttribute(
      'href',
      /role=agent$/,
    );
    await expectSteady();
    expect(errors).toEqual([]);
  });
});

test.describe('at Lighthouse’s phone size', () => {
  // Lighthouse's mobile screen (412 × 823, 1.75 device pixels per CSS pixel); one of its runs
  // reported CLS 0.067 on /login. The app's stylesheets are held back until after the first paint,
  // so that applying them (src/first-screen.ts) comes late as on a slow network: nothing moves.
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('nothing moves on / and /login once drawn, the app’s stylesheets arriving late', async ({ page }) => {
    // Held until the page is drawn, then let through one at a time, a frame apart.
    const held: Route[] = [];
    await page.route(/\/assets\/[^/]+\.css$/, (route) => {
      held.push(route);
    });
    const release = async () => {
      while (held.length) {
        await held.shift()?.continue();
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
    };
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const url of ['/login', '/']) {
      // Not waiting for `load`, which waits for the held stylesheets too.
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await release();
      await expect(page.locator('link[data-app-stylesheet][media="print"]')).toHaveCount(0);
      // Two frames after the swap, so that a shift it causes is reported.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const layoutShift = await page.evaluate(
        () => (window as unknown as { layoutShift: number }).layoutShift,
      );
      expect(layoutShift, url).toBeLessThan(0.01);
    }
  });
});

type TDrawn = Record<string, string>;

/**
 * Every element of the page as drawn: its box and each computed property (custom properties
 * aside: the inline CSS leaves out those nothing reads), and those of its ::before and ::after
 * where they have content and of its ::placeholder, with animations stopped at their start.
 */
function drawn(page: Page): Promise<TDrawn> {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
    const result: Record<string, string> = {};
    // The standard properties, named once (each element's own list would add the custom ones).
    const names = [...getComputedStyle(document.documentElement)].filter((name) => !name.startsWith('--'));
    const properties = (style: CSSStyleDeclaration) => {
      let text = '';
      for (const name of names) text += `${name}:${style.getPropertyValue(name)};`;
      return text;
    };
    const elements = document.querySelectorAll('html, body, body *');
    elements.forEach((element, index) => {
      const key = `${index} ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      const box = element.getBoundingClientRect();
      result[`${key} box`] = [box.x, box.y, box.width, box.height].join(',');
      result[key] = properties(getComputedStyle(element));
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const content = style.getPropertyValue('content');
        result[`${key}${pseudo}`] = content === 'none' || content === 'normal' ? content : properties(style);
      }
      if (element.matches('input, textarea'))
        result[`${key}::placeholder`] = properties(getComputedStyle(element, '::placeholder'));
    });
    return result;
  });
}

/** The keys whose values differ, with both values (the first few). */
function differences(actual: TDrawn, expected: TDrawn) {
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  const found: string[] = [];
  for (const key of keys) {
    if (actual[key] === expected[key]) continue;
    const a = new Map((actual[key] ?? '').split(';').map((p) => [p.split(':')[0], p] as const));
    const e = new Map((expected[key] ?? '').split(';').map((p) => [p.split(':')[0], p] as const));
    const props = [...new Set([...a.keys(), ...e.keys()])].filter((name) => a.get(name) !== e.get(name));
    const shown = props.slice(0, 6).map((name) => `${a.get(name) ?? '-'} ≠ ${e.get(name) ?? '-'}`);
    found.push(`${key}: ${shown.join(', ')}${props.length > 6 ? ` (${props.length} in all)` : ''}`);
  }
  return found.slice(0, 20);
}

test.describe('the inline CSS', () => {
  for (const [width, phone] of [
    [360, true],
    [1280, false],
  ] as const) {
    test(`draws / and /login as the whole stylesheet does, at ${width} px`, async ({ browser }) => {
      // Some hundred elements' every property, four times per page, on a busy machine.
      test.setTimeout(300_000);
      const viewport = { width, height: 800 };
      const options = phone ? { viewport, hasTouch: true, isMobile: true } : { viewport };
      /** The reference: the app's stylesheets applied from the start, no inline CSS. */
      const wholeStylesheets = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ ...options, javaScriptEnabled });
        await context.route(
          (url) => url.pathname === '/' || url.pathname === '/login',
          async (route) => {
            const response = await route.fetch();
            const body = (await response.text())
              .replace(/<style data-critical-css>[\s\S]*?<\/style>/, '')
              .replace(/ media="print" data-app-stylesheet/g, '');
            await route.fulfill({ response, body });
          },
        );
        return context;
      };
      // Without JavaScript the inline CSS is alone (the whole stylesheets stay `media="print"`);
      // with it, src/first-screen.ts applies the whole stylesheets over it once they are loaded.
      // (Each against a reference alike in JavaScript: <noscript> draws only without.)
      const contexts = {
        alone: await browser.newContext({ ...options, javaScriptEnabled: false }),
        wholeAlone: await wholeStylesheets(false),
        both: await browser.newContext(options),
        wholeBoth: await wholeStylesheets(true),
      };
      for (const url of ['/', '/login']) {
        const pages = {
          alone: await contexts.alone.newPage(),
          wholeAlone: await contexts.wholeAlone.newPage(),
          both: await contexts.both.newPage(),
          wholeBoth: await contexts.wholeBoth.newPage(),
        };
        for (const page of Object.values(pages)) await page.goto(url);
        await expect(pages.alone.locator('link[data-app-stylesheet]').first()).toHaveAttribute(
          'media',
          'print',
        );
        await expect(pages.wholeAlone.locator('style[data-critical-css]')).toHaveCount(0);
        await expect(pages.both.locator('link[data-app-stylesheet]').first()).toHaveAttribute('media', 'all');
        await expect(pages.both.locator('link[data-app-stylesheet][media="print"]')).toHaveCount(0);
        expect(differences(await drawn(pages.alone), await drawn(pages.wholeAlone)), `${url}, alone`).toEqual(
          [],
        );
        expect(differences(await drawn(pages.both), await drawn(pages.wholeBoth)), `${url}, both`).toEqual(
          [],
        );
        await Promise.all(Object.values(pages).map((page) => page.close()));
      }
      await Promise.all(Object.values(contexts).map((context) => context.close()));
    });
  }
});
