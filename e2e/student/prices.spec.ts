import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import catalogue from '../../apps/web/src/locales/uz/catalogue.json' with { type: 'json' };
import crud from '../../apps/web/src/locales/uz/crud.json' with { type: 'json' };
import enums from '../../apps/web/src/locales/uz/enums.json' with { type: 'json' };
import prices from '../../apps/web/src/locales/uz/prices.json' with { type: 'json' };
import shell from '../../apps/web/src/locales/uz/shell.json' with { type: 'json' };
import studentCatalogue from '../../apps/web/src/locales/uz/studentCatalogue.json' with { type: 'json' };
import wizardForm from '../../apps/web/src/locales/uz/wizardForm.json' with { type: 'json' };
import { completeApplication } from '../applications-api';
import { english, PHONE_TOUCH, registerAs, signIn, switchLanguageHere } from '../support';

// Issue 20 item 1, in Uzbek: an admin adds an exchange rate on its maintenance screen; a student
// sees every fee of the course picker in its own currency with its duration and, beside it, the
// amount in soʻm with the rate's date, and filters by a range of soʻm, at 360 px by touch and at
// 1280 px. The texts come from the locale files.

test.describe.configure({ mode: 'serial' });
test.use({ storageState: english });
const SHOTS = process.env.PRICES_SHOTS ?? 'artifacts/screenshots/prices';
/** A rate no demo rate has, dated today in Tashkent: the one the picker must use. */
const RATE = '3100';
const today = () => new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
let studentEmail = '';

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a dated MYR → UZS rate on the exchange-rate screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.local');
  await switchLanguageHere(page, 'uz');
  await page.getByRole('navigation').getByRole('link', { name: 'Valyuta kurslari' }).click();
  await expect(page.getByRole('heading', { name: catalogue.exchangeRate.title })).toBeVisible();
  await page.getByRole('button', { name: crud.add, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: catalogue.exchangeRate.add });
  await choose(page, dialog, catalogue.fields.fromCurrency, enums.currencies.MYR);
  await choose(page, dialog, catalogue.fields.toCurrency, enums.currencies.UZS);
  await dialog.getByRole('textbox', { name: catalogue.fields.rate }).fill(RATE);
  await dialog.getByRole('textbox', { name: catalogue.fields.date }).fill(today());
  await dialog.getByRole('textbox', { name: catalogue.fields.source }).fill('E2E bank');
  await dialog.getByRole('button', { name: crud.form.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'MYR → UZS' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '3\u00a0100' }).first()).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/exchange-rates-uz-1280.png` });
});

/** Signs the student in (a new account the first time) and switches the portal to Uzbek. */
async function signInStudent(page: Page, _tap: boolean, first: boolean) {
  await registerAs(page, 'Student', {
    email: studentEmail,
    ...(first ? { firstName: 'Dilnoza', lastName: 'Rahimova' } : {}),
  });
  await switchLanguageHere(page, 'uz');
}

const press = (l: Locator, tap: boolean) => (tap ? l.tap() : l.click());

/**
 * A main-menu link, as the user follows it (the burger first on a phone): the app moves in place,
 * where an address typed anew would load and start the whole app again (seconds on a busy machine).
 */
async function followMenu(page: Page, name: string, tap: boolean) {
  const burger = page.getByRole('button', { name: shell.openMenu });
  if (await burger.isVisible()) await press(burger, tap);
  await press(page.getByRole('navigation').getByRole('link', { name, exact: true }), tap);
}

/** From the dashboard: the application (it opens on its last step), then step 9 from the stepper. */
async function openPicker(page: Page, tap: boolean) {
  await followMenu(page, shell.menu.application, tap);
  const nine = wizardForm.stepOf.replace('{{count}}', '10').replace('{{step}}', '9').split(':')[0]!;
  await press(page.getByRole('button', { name: new RegExp(`^${nine}:`) }), tap);
  return page.getByRole('group', { name: wizardForm.courses.results });
}

/** The soʻm amount of a picker line: the converted one, or the fee itself when it is in soʻm. */
const somOf = (label: string) => {
  const match = /≈ ([\d\s\u00a0]+)\u00a0UZS/.exec(label) ?? /\)([\d\s\u00a0]+)\u00a0UZS/.exec(label);
  return match ? Number(match[1]!.replace(/\D/g, '')) : Number.NaN;
};

async function filterInSom(page: Page, results: Locator, tap: boolean) {
  const type = async (label: string, text: string) => {
    const box = page.getByRole('textbox', { name: `${label} (UZS)` });
    if (tap) await box.tap();
    await box.fill(text);
  };
  // Foundation courses (the picker's first level): 11 000 MYR × 3 100 = 34 100 000 soʻm, 25 000 MYR
  // = 77 500 000 in; 29 500 MYR = 91 450 000 out.
  await type(wizardForm.courses.minPrice, '30000000');
  await type(wizardForm.courses.maxPrice, '80000000');
  // The list follows the range (a moment after the last key): 91 450 000 soʻm is out, 34 100 000 in.
  // (The seeded university's courses: other specs add their own Foundation courses meanwhile.)
  await expect(
    results.getByRole('checkbox', { name: /Foundation in Business — Taylor's University/ }),
  ).toHaveCount(0);
  await expect(
    results.getByRole('checkbox', { name: /Foundation in Science — Universiti Putra Malaysia/ }),
  ).toHaveCount(1);
  const labels = await results
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((b) => b.closest('label, .mantine-Checkbox-root')?.textContent ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    expect(somOf(label), label).toBeGreaterThanOrEqual(30_000_000);
    expect(somOf(label), label).toBeLessThanOrEqual(80_000_000);
  }
}

async function checkPicker(page: Page, width: number, tap: boolean) {
  const results = await openPicker(page, tap);
  // Each fee: its own currency and duration, then the soʻm amount at today's rate and its date.
  const line = results
    .getByRole('checkbox', { name: /Foundation in Science — Universiti Putra Malaysia/ })
    .first();
  await expect(line).toHaveAccessibleDescription(
    /11\s000\sMYR, 12 oy · ≈ 34\s100\s000\sUZS \(\d+-[a-z]+, \d{4} kursi\)/,
  );
  await expect(page.getByText(prices.showIn)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/course-picker-uz-${width}.png`, fullPage: true });
  await filterInSom(page, results, tap);
  await page.screenshot({ path: `${SHOTS}/course-picker-filtered-uz-${width}.png`, fullPage: true });
  // An inverted range is refused with a message, in Uzbek.
  await page.getByRole('textbox', { name: `${wizardForm.courses.minPrice} (UZS)` }).fill('90000000');
  await expect(page.getByText(prices.invertedRange)).toBeVisible();
  // The course list: each card's fee with the amount in soʻm beside it.
  await followMenu(page, shell.menu.courses, tap);
  const name = page.getByRole('searchbox', { name: studentCatalogue.courses.name });
  if (tap) await name.tap();
  await name.fill('Foundation in Science');
  await expect(
    page
      .getByRole('article')
      .getByText(/≈ 34\s100\s000\sUZS/)
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/course-list-uz-${width}.png`, fullPage: true });
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    storageState: english,
    ...PHONE_TOUCH,
  });
  return context.newPage();
}

test('a student sees converted prices in the picker and filters by soʻm, at 1280 px and 360 px touch', async ({
  page,
  browser,
}) => {
  test.slow();
  mkdirSync(SHOTS, { recursive: true });
  studentEmail = `prices-${stamp()}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  // A saved application up to step 9 (its course any offer), so the picker opens at once.
  await signInStudent(page, false, true);
  const offers = await page.request.post('/api/UniversityCourse/getListByPage', {
    data: { page: 0, pageSize: 1 },
  });
  const firstOffer = ((await offers.json()) as { result: { id: number }[] }).result[0]!.id;
  await completeApplication(page.request, 'Dilnoza', firstOffer);
  await checkPicker(page, 1280, false);
  const small = await phone(browser);
  await signInStudent(small, true, false);
  await checkPicker(small, 360, true);
  await small.context().close();
});
