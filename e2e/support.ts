import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContextOptions, expect, type Page } from '@playwright/test';

import { ORIGINS, PORT, urlOf } from './servers';

/** The phone every phone spec checks: 360 px wide. */
export const PHONE = { width: 360, height: 740 };
/** A browser context on that phone: its screen, touch, and a phone's pixel ratio. */
export const PHONE_TOUCH = {
  viewport: PHONE,
  screen: PHONE,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} satisfies BrowserContextOptions;

export const BASE_URL = urlOf(PORT);
/** The landing page's address, whatever the port. */
export const LANDING = /^http:\/\/127\.0\.0\.1:\d+\/$/;
export const SCREENSHOTS = 'artifacts/screenshots';

/**
 * A browser's state in which `language` was chosen while signed out: it wins over whatever language
 * an account was last given, and a sign-in saves it to the account (`registerAs`, `signIn`).
 */
export const chosenLanguage = (language: 'uz' | 'en' | 'ru') => ({
  // The cookie the server chooses the prerendered `/` and `/login` by (the app writes both).
  cookies: [
    {
      name: 'appLanguage',
      value: language,
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
      { name: 'appLanguage', value: language },
      { name: 'appLanguageChosenSignedOut', value: '1' },
    ],
  })),
});

/**
 * Most specs read English; the portal itself starts in Uzbek (covered by the language spec). The
 * choice counts as made while signed out, so it wins over whatever language the shared demo
 * accounts were last given.
 */
export const english = chosenLanguage('en');

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

type TSignInOptions = {
  /**
   * Open the account's home afterwards (the default), as the landing page's flow ends. `false` for
   * a set-up whose next step is another address or the API only.
   */
  open?: boolean;
};

/** The signed-in home of each role, where the landing page sends a new account. */
const ROLE_HOMES = { Student: '/Student/Dashboard', Agent: '/Agent/Students' } as const;

/**
 * The demo provider's sign-in over HTTP, in the page's own cookie jar (`page.request`): the same
 * requests the landing page's link and the provider's form make (`GET /api/auth/google-login`, the
 * provider's interaction page, its form posted as its button posts it, the callback back to
 * `returnUrl`), without loading either page: for tests whose subject is not the sign-in
 * (docs/performance.md, "Session 9 levers"). The landing flow itself is `signInFromLanding`.
 */
async function signInOverHttp(
  page: Page,
  form: { email: string; given_name?: string; family_name?: string },
  role?: 'student' | 'agent',
) {
  const http = page.request;
  const start = new URLSearchParams({ returnUrl: '/' });
  if (role) start.set('role', role);
  const interaction = await http.get(`/api/auth/google-login?${start}`);
  expect(interaction.status(), "the demo provider's sign-in page").toBe(200);
  const html = await interaction.text();
  const action = /<form method="post" action="([^"]+\/login)"/.exec(html)?.[1];
  const lang = /<input type="hidden" name="lang" value="([a-z]+)">/.exec(html)?.[1];
  if (!action || !lang) throw new Error("the demo provider's page has no sign-in form");
  const origin = new URL(interaction.url()).origin;
  // Posted as the browser posts the page's form (the page names its origin: Referrer-Policy same-origin).
  const back = await http.post(new URL(action.replaceAll('&amp;', '&'), origin).href, {
    form: { lang, ...form },
    headers: { origin },
  });
  // The callback sends the browser back to `returnUrl`; a refused sign-in ends on /login?signInError=….
  expect(new URL(back.url()).pathname + new URL(back.url()).search, 'where the sign-in ended').toBe('/');
  const me = await http.get('/api/auth/me');
  expect(me.status(), 'signed in').toBe(200);
  const user = (await me.json()) as { email: string; role: string; appLanguage: string | null };
  expect(user.email).toBe(form.email.toLowerCase());
  return { http, user };
}

/**
 * What the app does at its first signed-in load (apps/web/src/features/auth/language.ts,
 * `useLanguageSync`), for a set-up that opens no page: a language chosen while signed out is saved
 * to the account (the `english` state carries that choice in its `appLanguage` cookie as well as in
 * localStorage), else an account without a language takes the one shown (Uzbek).
 */
async function syncLanguageOverHttp(page: Page, accountLanguage: string | null) {
  const chosen = (await page.context().cookies(BASE_URL)).find((c) => c.name === 'appLanguage')?.value;
  const language = chosen ?? (accountLanguage ? null : 'uz');
  if (language) {
    const saved = await page.request.put('/api/auth/me/language', { data: { language } });
    expect(saved.status(), 'the language saved to the account').toBe(204);
  }
}

/**
 * A reload of a shared demo account's page that keeps the page's language: specs running alongside
 * change the demo accounts' saved language (the prices spec's admin works in Uzbek), and a reload
 * would take it (the account's language wins unless one was chosen signed out:
 * apps/web/src/features/auth/language.ts). Marks the page's language as chosen, as `english` does.
 */
export async function reloadKeepingLanguage(page: Page) {
  await page.evaluate(() => localStorage.setItem('appLanguageChosenSignedOut', '1'));
  await page.reload();
}

/**
 * Shows the portal in `language` on every load of `page` from now on, as a choice made in this
 * browser. The demo accounts are shared with the specs running beside this one, which save their
 * language (the prices spec's admin works in Uzbek), and a full load otherwise takes the account's
 * language (apps/web/src/features/auth/language.ts): a walk of full loads turned Uzbek halfway.
 * The save of this page's choice to the account is dropped, so the account keeps its language.
 */
export async function keepLanguage(page: Page, language: 'uz' | 'en' | 'ru') {
  await page.addInitScript((chosen) => {
    localStorage.setItem('appLanguage', chosen);
    localStorage.setItem('appLanguageChosenSignedOut', '1');
  }, language);
  await page.route('**/api/auth/me/language', (route) => route.abort());
}

/**
 * Switches a signed-in page to `language` through the header's picker, as its user would, for this
 * browser only: later loads keep it, and the shared demo account keeps its own saved language (a
 * spec that saved Uzbek for the demo admin made the PDFs of the specs beside it Uzbek).
 */
export async function switchLanguageHere(page: Page, language: 'uz' | 'en' | 'ru') {
  await keepLanguage(page, language);
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** A demo account signed in through the demo provider over HTTP (a set-up: see `signInOverHttp`). */
export async function signIn(page: Page, email: keyof typeof HOMES, { open = true }: TSignInOptions = {}) {
  const { user } = await signInOverHttp(page, { email });
  if (!open) return syncLanguageOverHttp(page, user.appLanguage);
  await page.goto(HOMES[email]);
  await expect(page).toHaveURL(new RegExp(`${HOMES[email]}(\\?[^#]*)?$`));
}

/**
 * A new account registered as `role` through the demo provider over HTTP (its email, and the
 * optional names the provider's form offers); returns the email. A set-up: the landing page's
 * Register form is covered by its own specs.
 */
export async function registerAs(
  page: Page,
  role: keyof typeof ROLE_HOMES,
  {
    email = `${role.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    firstName,
    lastName,
    open = true,
  }: TSignInOptions & { email?: string; firstName?: string; lastName?: string } = {},
) {
  const names = firstName === undefined ? {} : { given_name: firstName, family_name: lastName ?? '' };
  const { user } = await signInOverHttp(page, { email, ...names }, role === 'Agent' ? 'agent' : 'student');
  expect(user.role).toBe(role);
  if (!open) {
    await syncLanguageOverHttp(page, user.appLanguage);
    return email;
  }
  await page.goto(ROLE_HOMES[role]);
  await expect(page).toHaveURL(new RegExp(`${ROLE_HOMES[role]}$`));
  return email;
}

/**
 * A new agent account of its own (the demo agent is shared by specs running in parallel: its
 * new-student draft, its list, its bell). `label` names the spec.
 */
export async function registerNewAgent(page: Page, label: string, options: TSignInOptions = {}) {
  await registerAs(page, 'Agent', {
    email: `agent-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
    ...options,
  });
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
  // The settled page: a dialog still fading in has its text at part opacity, which axe measures as
  // too little contrast (seen on agent/students' Delete dialog at load 36).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
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
