import AxeBuilder from '@axe-core/playwright';
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

/**
 * axe-core on the current page: no serious or critical violations. Only violations are asked for:
 * axe then skips the selectors of every passing node (its documented lever for large pages), which
 * the suite's many axe runs over full grids spent most of their time on.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
