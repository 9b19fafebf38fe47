import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createStudent, stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, registerNewAgent, SCREENSHOTS, signIn, waitForLayout } from '../support';

// Issue 20 item 5: the generic maintenance grids and Application Forms on a 360 px touch phone
// (each row a card: nothing wider than the screen, the status and the PDF button in sight and
// tappable, the toolbar's buttons in two rows), the record's tabs showing that more exist, a long
// e-mail shown whole at 1280 px with its line breaks after the @ or a dot, and a selected row whose
// colour leaves the "Submitted" badge's shape visible.

test.use({ actionTimeout: 15_000 });

const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true };
type TData = { firstName: string; email: string; applicant: string };

/**
 * An agent of this run with two students: one with a long dotted e-mail, one with a submitted
 * application (status Submitted). Returns the signed-in agent page and the names.
 */
async function agentWithStudents(browser: Browser): Promise<{ agent: Page; data: TData }> {
  const agent = await (await browser.newContext({ storageState: english })).newPage();
  // Opened by the tests that show it, once its students exist.
  await registerNewAgent(agent, 'phonegrids', { open: false });
  const tag = stamp();
  const firstName = `Muhammadabdulaziz${tag}`;
  const email = `muhammad.abdulaziz.${tag.slice(0, 6)}.${tag.slice(6)}@student.mail.uz`;
  await createStudent(agent.request, firstName, email);
  const applicant = `Zarina${tag}`;
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(agent.request, applicant, offer!.id);
  const confirmed = await agent.request.post('/api/Stage/confirm', { data: { studentId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { agent, data: { firstName, email, applicant } };
}

async function admin(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const page = await (await browser.newContext({ storageState: english, ...options })).newPage();
  // Each test opens the screen it is about.
  await signIn(page, 'admin@demo.local', { open: false });
  return page;
}

/** Filters the screen's grid on a first name (typed, then Find tapped or clicked). */
async function findByName(page: Page, name: string, tap: boolean) {
  // The first page has arrived (its first row is selected): the screen is settled.
  await expect(page.getByRole('row', { selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(name);
  const find = page.getByRole('button', { name: 'Find' });
  await (tap ? find.tap() : find.click());
}

/** The page never scrolls sideways, nor does the grid's box: every value is on the screen. */
async function expectNothingWider(page: Page, grid: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = page.getByRole('region', { name: (await grid.getAttribute('aria-label')) ?? '' });
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

const TOOLBAR = /^(Find|Clear|Add|Edit|Delete)$/;
const TOOLBAR_UZ = /^(Topish|Tozalash|Qoʻshish|Tahrirlash|Oʻchirish)$/;

/** The toolbar's buttons stand in at most two rows. */
async function expectToolbarRows(page: Page, names = TOOLBAR) {
  const buttons = page.getByRole('button', { name: names });
  const tops = await buttons.evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThanOrEqual(4);
  expect(new Set(tops).size, `rows of buttons at ${tops.join(', ')}`).toBeLessThanOrEqual(2);
}

/** The element lies inside the 360 px screen's width. */
async function expectWithinWidth(element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
}

/** A full-page picture from the top (the sticky header then sits where it belongs). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);

/** Contrast of `top` (maybe translucent, composited over `under`) against the opaque `under`. */
function contrast(top: string, under: string) {
  const [r0 = 0, g0 = 0, b0 = 0] = channels(under);
  const [r = 0, g = 0, b = 0, alpha = 1] = channels(top);
  const over = [r * alpha + r0 * (1 - alpha), g * alpha + g0 * (1 - alpha), b * alpha + b0 * (1 - alpha)];
  const lum = ([red = 0, green = 0, blue = 0]: number[]) => {
    const [lr, lg, lb] = [red, green, blue].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [hi, lo] = [lum(over), lum([r0, g0, b0])].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The badge's edge (its border or ring, else its fill) stands out from the row at 3:1 (WCAG 1.4.11). */
async function expectBadgeStandsOut(row: Locator, badge: Locator) {
  const rowColour = await row.evaluate((el) => getComputedStyle(el).backgroundColor);
  const edge = await badge.evaluate((el) => {
    // The most visible of its border, its ring (an inset shadow) and its fill.
    const style = getComputedStyle(el);
    const ring = style.boxShadow.match(/rgba?\([^)]*\)/)?.[0];
    return [
      Number.parseFloat(style.borderTopWidth) > 0 ? style.borderTopColor : null,
      ring,
      style.backgroundColor,
    ];
  });
  const best = Math.max(
    ...edge.filter((c): c is string => typeof c === 'string').map((c) => contrast(c, rowColour)),
  );
  expect(best, `badge edges ${edge.join(' / ')} on row ${rowColour}`).toBeGreaterThanOrEqual(3);
}

test.describe('on a 360 px touch phone', () => {
  test.use(PHONE);

  test('the admin Students grid, the agent Student Maintenance and Application Forms fit the screen', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { agent, data } = await agentWithStudents(browser);
    const page = await admin(browser, PHONE);

    // Admin Students: one card per row, nothing wider than the screen, a tap selects.
    await page.goto('/Admin/Students');
    await findByName(page, data.firstName, true);
    const students = page.getByRole('table', { name: 'Student Maintenance' });
    const row = students.getByRole('row').filter({ hasText: data.firstName });
    await expect(row).toHaveCount(1);
    await expectNothingWider(page, students);
    await expectWithinWidth(row.getByRole('cell', { name: data.email }));
    await expectToolbarRows(page);
    // The first row is selected after a load (spec 2.3); a tap deselects it, another selects it.
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await row.tap();
    await expect(row).toHaveAttribute('aria-selected', 'false');
    await row.tap();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await waitForLayout(page, 360);
    await shot(page, 'phonegrids-admin-students-360');

    // The agent's Student Maintenance.
    await agent.setViewportSize({ width: 360, height: 780 });
    await agent.goto('/Agent/Students');
    await findByName(agent, data.firstName, false);
    const own = agent.getByRole('table', { name: 'Student Maintenance' });
    await expect(own.getByRole('row').filter({ hasText: data.firstName })).toHaveCount(1);
    await expectNothingWider(agent, own);
    await expectWithinWidth(own.getByRole('cell', { name: data.email }));
    await expectToolbarRows(agent);
    await agent.context().close();

    // Application Forms: the status and the PDF button of the row on the screen, tappable.
    await page.goto('/Admin/ApplicationForms');
    await findByName(page, data.applicant, true);
    const forms = page.getByRole('table', { name: 'Application Forms' });
    const form = forms.getByRole('row').filter({ hasText: data.applicant });
    await expect(form).toHaveCount(1);
    await expectNothingWider(page, forms);
    await expectToolbarRows(page);
    const status = form.getByText('Submitted', { exact: true });
    await expect(status).toBeVisible();
    await expectWithinWidth(status);
    const pdf = form.getByRole('button', { name: /PDF/ });
    await expectWithinWidth(pdf);
    const download = page.waitForEvent('download');
    await pdf.tap();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(form).toHaveAttribute('aria-selected', 'true'); // the button's tap left the row selected
    await form.tap();
    await expect(form).toHaveAttribute('aria-selected', 'false');
    await form.tap();
    await expect(form).toHaveAttribute('aria-selected', 'true');
    await expectBadgeStandsOut(
      form,
      status.locator('xpath=ancestor-or-self::*[contains(@class,"Badge-root")][1]'),
    );

    // The record's tabs scroll sideways and say so: a cue at the end, then at the start.
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab', { name: 'Personal Information' })).toBeVisible();
    await expect(page.getByTestId('overflow-cue-end')).toBeVisible();
    await expect(page.getByTestId('overflow-cue-start')).toHaveCount(0);
    await tabs.getByRole('tab').last().tap();
    await expect(page.getByTestId('overflow-cue-start')).toBeVisible();
    await expect(page.getByTestId('overflow-cue-end')).toHaveCount(0);
    await tabs.getByRole('tab').first().tap();
    await expect(page.getByTestId('overflow-cue-end')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await waitForLayout(page, 360);
    await shot(page, 'phonegrids-application-forms-360');
    await page.context().close();
  });
});

test('at 1280 px a long e-mail and a phone number show whole, broken after the @ or a dot', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { agent, data } = await agentWithStudents(browser);
  await agent.setViewportSize({ width: 1280, height: 900 });
  await agent.goto('/Agent/Students');
  await findByName(agent, data.firstName, false);
  const row = agent
    .getByRole('table', { name: 'Student Maintenance' })
    .getByRole('row')
    .filter({ hasText: data.firstName });
  await expect(row).toHaveCount(1);
  for (const text of [data.email, '+998901234567']) {
    const value = row.getByRole('cell', { name: text }).locator('span').first();
    await expect(value).toHaveText(text);
    const shown = await value.evaluate((el) => {
      // Where each line starts: the characters whose top is below the one before.
      const chars: { ch: string; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode())
        for (let i = 0; i < (t.textContent ?? '').length; i++) {
          const range = document.createRange();
          range.setStart(t, i);
          range.setEnd(t, i + 1);
          chars.push({ ch: t.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
        }
      const breaksAfter = chars.flatMap((c, i) =>
        i > 0 && c.top > chars[i - 1]!.top ? [chars[i - 1]!.ch] : [],
      );
      return {
        cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        breaksAfter,
      };
    });
    expect(shown.cut, `${text} is cut off`).toBe(false);
    const sensible = text.includes('@') ? /[@.]/ : /\d/;
    for (const ch of shown.breaksAfter) expect(ch, `${text} breaks after '${ch}'`).toMatch(sensible);
  }
  await shot(agent, 'phonegrids-agent-students-1280');
  await agent.context().close();
});

test('the selected row leaves its Submitted badge visible and passes axe (1280 px)', async ({ browser }) => {
  test.setTimeout(120_000);
  const { agent, data } = await agentWithStudents(browser);
  await agent.context().close();
  const page = await admin(browser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/Admin/ApplicationForms');
  await findByName(page, data.applicant, false);
  const row = page
    .getByRole('table', { name: 'Application Forms' })
    .getByRole('row')
    .filter({ hasText: data.applicant });
  await expect(row).toHaveAttribute('aria-selected', 'true'); // the first row is selected after a load
  const badge = row.getByText('Submitted', { exact: true });
  await expect(badge).toBeVisible();
  await expectBadgeStandsOut(
    row,
    badge.locator('xpath=ancestor-or-self::*[contains(@class,"Badge-root")][1]'),
  );
  await expectAccessible(page);
  await shot(page, 'phonegrids-application-forms-1280');
  await page.context().close();
});

for (const [width, options] of [
  [360, PHONE],
  [1280, { viewport: { width: 1280, height: 900 } }],
] as const)
  test(`screenshots in Uzbek at ${width} px: Application Forms, Students and the record's tabs`, async ({
    browser,
  }) => {
    const page = await admin(browser, options);
    // Uzbek from now on, as a choice of this browser; the shared demo admin's account keeps English
    // for the specs beside this one (the save of the choice is dropped, as in the a11y spec).
    await page.addInitScript(() => {
      localStorage.setItem('appLanguage', 'uz');
      localStorage.setItem('appLanguageChosenSignedOut', '1');
    });
    await page.route('**/api/auth/me/language', (route) => route.abort());
    await page.goto('/Admin/Students');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');
    await expectToolbarRows(page, TOOLBAR_UZ);
    await waitForLayout(page, width);
    await shot(page, `phonegrids-uz-students-${width}`);
    await page.goto('/Admin/ApplicationForms');
    await expect(page.getByRole('tablist')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectToolbarRows(page, TOOLBAR_UZ);
    await waitForLayout(page, width);
    await shot(page, `phonegrids-uz-application-forms-${width}`);
    await page.context().close();
  });
