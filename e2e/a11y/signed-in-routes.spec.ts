import fs from 'node:fs';
import path from 'node:path';
import { type Cookie, expect, type Page, test } from '@playwright/test';
import { english, expectAccessible, registerAs, registerNewAgent, signIn as signInDemo } from '../support';

test.use({ storageState: english });

// Issue 18 item 16: every signed-in route of each role passes axe (no serious or critical
// violation) at 360 px and 1280 px in uz, en and ru. The routes are read from the one table of
// screens (apps/web/src/app/routes.tsx), so a new screen is covered without touching this file.
// One signed-in page per role and language; each route is loaded once and checked at both widths.
// Each role signs in once per worker: the languages' tests of that role share its session.

type TRole = 'Admin' | 'Student' | 'Agent';
const LANGUAGES = ['uz', 'en', 'ru'] as const;
const WIDTHS = [360, 1280] as const;

/** The paths of one role's screens in the table of screens. */
function screens(role: TRole): string[] {
  const source = fs.readFileSync(path.join(process.cwd(), 'apps/web/src/app/routes.tsx'), 'utf8');
  const start = source.indexOf(`\n  ${role}: [`);
  expect(start, `${role}'s screens in routes.tsx`).toBeGreaterThan(0);
  const block = source.slice(start, source.indexOf('\n  ],', start));
  return [...block.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1] ?? '');
}

async function registerStudent(page: Page) {
  await registerAs(page, 'Student', {
    email: `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    open: false,
  });
}

/** Over HTTP only: the test opens the role's home itself, in its language. */
const signIn: Record<TRole, (page: Page) => Promise<void>> = {
  Admin: (page) => signInDemo(page, 'admin@demo.local', { open: false }),
  // Accounts of this spec's own (the demo ones are shared with the specs beside it).
  Student: registerStudent,
  Agent: (page) => registerNewAgent(page, 'a11y', { open: false }),
};

const HOME: Record<TRole, string> = {
  Admin: '/Admin/Dashboard',
  Student: '/Student/Dashboard',
  Agent: '/Agent/Students',
};

/** Each role's session cookies in this worker, from its first test: one sign-in per role. */
const sessions = new Map<TRole, Cookie[]>();

/** Signs `page` in as `role`: through the portal the first time in this worker, then with its session. */
async function signInOnce(page: Page, role: TRole) {
  const cookies = sessions.get(role);
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  await signIn[role](page);
  sessions.set(role, await page.context().cookies());
}

/**
 * Shows the portal in `language` on every load from now on, as a choice made in this browser. The
 * accounts are shared (the demo admin with the specs running beside this one, which read English;
 * each role's session with this spec's tests in the other languages, maybe at the same moment): the
 * save of that choice to the account is dropped, so the account keeps its language.
 */
async function useLanguage(page: Page, language: string) {
  await page.addInitScript((chosen) => {
    localStorage.setItem('appLanguage', chosen);
    localStorage.setItem('appLanguageChosenSignedOut', '1');
  }, language);
  await page.route('**/api/auth/me/language', (route) => route.abort());
}

/**
 * Opens a route inside the running app, as its own links do (a full load per route would spend most
 * of the run starting the app again), and waits until it has drawn its content.
 */
async function open(page: Page, url: string) {
  if (new URL(page.url()).pathname !== url) {
    const before = await page.title();
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    const from = page.url();
    await expect
      .poll(() => page.title(), { message: `${url} (from ${from}) sets its tab title` })
      .not.toBe(before);
  }
  // The first route comes after a full load (the screen's code and data): as long as the loaders.
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.mantine-Loader, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** The layout has followed a new width (media queries and the components that read them). */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

for (const role of ['Admin', 'Student', 'Agent'] as const) {
  for (const language of LANGUAGES) {
    test(`every ${role} route passes axe at 360 px and 1280 px in ${language}`, async ({ page }) => {
      test.setTimeout(400_000);
      await signInOnce(page, role);
      await useLanguage(page, language);
      await page.goto(HOME[role]);
      // The home is where the first screen's check starts: a run once read another address here
      // (page.url() before the page had settled), went "back" to the home and waited in vain for a
      // new tab title. Waiting for the address names the page if the app ever does leave its home.
      await expect(page).toHaveURL((address) => address.pathname === HOME[role]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const failures: string[] = [];
      for (const screen of screens(role)) {
        await test.step(`/${role}/${screen}`, async () => {
          await open(page, `/${role}/${screen}`);
          for (const width of WIDTHS) {
            await resize(page, width);
            try {
              await expectAccessible(page);
            } catch (error) {
              failures.push(
                `/${role}/${screen} at ${width} px: ${String(error).split('\n').slice(0, 12).join(' ')}`,
              );
            }
          }
        });
      }
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(failures).toEqual([]);
    });
  }
}
