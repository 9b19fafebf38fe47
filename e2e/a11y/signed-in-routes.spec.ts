import fs from 'node:fs';
import path from 'node:path';
import { type Cookie, expect, type Page, test } from '@playwright/test';
import {
  english,
  expectAccessible,
  keepLanguage,
  registerAs,
  registerNewAgent,
  signIn as signInDemo,
} from '../support';

test.use({ storageState: english });

// Issue 18 item 16: every signed-in route of each role passes axe (no serious or critical
// violation) at 360 px and 1280 px in uz, en and ru. The routes are read from the one table of
// screens (apps/web/src/app/routes.tsx), so a new screen is covered without touching this file.
// One signed-in page per role and language; each route is loaded once and checked at both widths.
// Each role signs in once per worker: the languages' tests of that role share its session.

type TRole = 'Admin' | 'Student' | 'Agent';
const LANGUAGES = ['uz', 'en', 'ru'] as const;
const WIDTHS = [360, 1280] as const;

type TScreen = { path: string; title: string };

/**
 * One role's screens in the table of screens: each path with its tab title's key (a `shell`
 * namespace key, next to the path on its line).
 */
function screens(role: TRole): TScreen[] {
  const source = fs.readFileSync(path.join(process.cwd(), 'apps/web/src/app/routes.tsx'), 'utf8');
  const start = source.indexOf(`\n  ${role}: [`);
  expect(start, `${role}'s screens in routes.tsx`).toBeGreaterThan(0);
  const block = source.slice(start, source.indexOf('\n  ],', start));
  const found = [...block.matchAll(/\bpath: '([^']+)',\s*title: '([^']+)'/g)].map((match) => ({
    path: match[1] ?? '',
    title: match[2] ?? '',
  }));
  expect(found.length, `each of ${role}'s screens has its title after its path`).toBe(
    block.match(/\bpath: '/g)?.length,
  );
  return found;
}

/** A screen's tab title in `language`, as the role area writes it (apps/web/src/app/layouts/role-area.tsx). */
function tabTitle(language: string, key: string): string {
  const file = path.join(process.cwd(), `apps/web/src/locales/${language}/shell.json`);
  const texts: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  expect(typeof text, `${language}/shell.json has ${key}`).toBe('string');
  return `${text} · UniApply`;
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
 * Opens a route inside the running app, as its own links do (a full load per route would spend most
 * of the run starting the app again), and waits until it has drawn its content under its own tab
 * title. The app must be running: its router hears a history move only once it has rendered (see
 * the test's wait for the home's title).
 */
async function open(page: Page, url: string, title: string) {
  const from = page.url();
  if (new URL(from).pathname !== url) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  }
  await expect(page, `${url} (from ${from}) sets its tab title`).toHaveTitle(title);
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
      // The accounts are shared (the demo admin with the specs beside this one; each role's session
      // with this spec's tests in the other languages, maybe at the same moment).
      await keepLanguage(page, language);
      const all = screens(role);
      const home = all.find((screen) => `/${role}/${screen.path}` === HOME[role]);
      await page.goto(HOME[role]);
      // The home has drawn: its own tab title, which the app writes after its first render. Only
      // from then on does the router hear a history move. The first render runs as a transition
      // (apps/web/src/main.tsx), yielding to the browser; a move made meanwhile (open() right after
      // the load, on a busy machine) reached the address bar but not the router, which had read the
      // address already and subscribes only when it commits: the home went on showing under the
      // next screen's address, and the next open() back to the home waited in vain for a new title.
      await expect(page).toHaveTitle(tabTitle(language, home?.title ?? ''));
      await expect(page).toHaveURL((address) => address.pathname === HOME[role]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const failures: string[] = [];
      for (const screen of all) {
        await test.step(`/${role}/${screen.path}`, async () => {
          await open(page, `/${role}/${screen.path}`, tabTitle(language, screen.title));
          for (const width of WIDTHS) {
            await resize(page, width);
            try {
              await expectAccessible(page);
            } catch (error) {
              failures.push(
                `/${role}/${screen.path} at ${width} px: ${String(error).split('\n').slice(0, 12).join(' ')}`,
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
