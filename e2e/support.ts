import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

import { ORIGINS, PORT, urlOf } from './servers';

export const BASE_URL = urlOf(PORT);
/** The landing page's address, whatever the port. */
export const LANDING = /^http:\/\/127\.0\.0\.1:\d+\/$/;
export const SCREENSHOTS = 'artifacts/screenshots';

/**
 * Most specs read English; the portal itself starts in Uzbek (covered by the language spec). The
 * choice counts as made while signed out, so it wins over whatever language the shared demo
 * accounts were last given.
 */
export const english = {
  // The cookie the server chooses the prerendered `/` and `/login` by (the app writes both).
  cookies: [
    {
      name: 'appLanguage',
      value: 'en',
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    },
  ],
  origins: ORIGINS.map((origin) => ({
    origin,
    localStorage: [
      { name: 'appLanguage', value: 'en' },
      { name: 'appLanguageChosenSignedOut', value: '1' },
    ],
  })),
};

export const HOMES = {
  'admin@demo.local': '/Admin/Dashboard',
  'student@demo.local': '/Student/Dashboard',
  'agent@demo.local': '/Agent/Students',
} as const;

/** The real flow: the landing page's button, the demo provider's account button, back home. */
export async function signInFromLanding(page: Page, email: keyof typeof HOMES) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await page.getByRole('button', { name: email, exact: true }).click();
  // The home's grid writes its auto-selected first row into the address once it loads (`?selected=`).
  await expect(page).toHaveURL(new RegExp(`${HOMES[email]}(\\?[^#]*)?$`));
}

/**
 * A new agent account of its own, registered from the landing page (the demo agent is shared by
 * specs running in parallel: its new-student draft, its list, its bell). `label` names the spec.
 */
export async function registerNewAgent(page: Page, label: string) {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Agent' }).check();
  await page.getByRole('button', { name: 'Register with Google' }).click();
  await page
    .getByLabel('Email')
    .fill(`agent-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByRole('button', { name: 'Sign in with this email' }).click();
  await expect(page).toHaveURL(/\/Agent\/Students$/);
}

/** The signed-in shell shows this user and marks this menu entry as the current page. */
export async function expectShell(page: Page, fullName: string, currentMenuEntry: string) {
  await expect(page.getByText(fullName)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: currentMenuEntry }),
  ).toHaveAttribute('aria-current', 'page');
}

/** axe-core's script: the copy @axe-core/playwright pins (its own dependency), read once per worker. */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

type TAxeViolation = { id: string; impact?: string | null; targets: string[] };

/**
 * axe-core on the current page: no serious or critical violations. axe runs in the page itself
 * (`axe.run`, as @axe-core/playwright's legacy mode does; the portal has no frames) and its script is
 * put into a page once, kept across the app's own navigations: the library's `analyze()` put the
 * 0.5 MB script in again on every call and opened a blank tab to merge the results, which cost
 * most of the suite's axe time (docs/performance.md, "Session 7 levers"). Only violations are
 * asked for: axe then skips the selectors of every passing node.
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
        }>;
      };
    };
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  const bad = violations
    .filter((v: TAxeViolation) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: TAxeViolation) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
  expect(bad).toEqual([]);
}

/**
 * After a viewport change: waits until the page has its new width and the shell's layout
 * transitions (the navbar sliding in or out) have ended, so a screenshot shows the settled layout.
 * Endless animations (a loader, a pulsing dot) are not waited for: they never end.
 */
export async function waitForLayout(page: Page, width: number) {
  await page.waitForFunction(
    (w) =>
      window.innerWidth === w &&
      document
        .getAnimations()
        // A spinner or a live dot loops for ever; only finite transitions settle.
        .every(
          (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    width,
  );
}
