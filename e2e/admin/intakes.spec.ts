import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import catalogue from '../../apps/web/src/locales/uz/catalogue.json' with { type: 'json' };
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import crud from '../../apps/web/src/locales/uz/crud.json' with { type: 'json' };
import shell from '../../apps/web/src/locales/uz/shell.json' with { type: 'json' };
import { english, PHONE_TOUCH, signIn, switchLanguageHere } from '../support';

// Issue 21 item 1, in Uzbek: an admin opens a university course's intakes from its row on the
// University courses screen (the course in the address), adds an intake whose deadlines are typed
// in Kuala Lumpur time, and sees them in the grid in Kuala Lumpur time with the zone named; at
// 1280 px with a mouse and at 360 px by touch. The texts come from the locale files.

test.describe.configure({ mode: 'serial' });
test.use({ storageState: english });
const SHOTS = process.env.INTAKE_SHOTS ?? 'artifacts/screenshots/intakes';
const KL = common.timeZones['Asia/Kuala_Lumpur'];
/** A demo offer with intakes already (February, July and September 2027). */
const COURSE = 'Master of Laws';

type TAct = (l: Locator) => Promise<void>;

/** From the University courses screen, the course's row link to its intakes. */
async function openIntakesOfCourse(page: Page, act: TAct) {
  await page.goto('/Admin/UniversityCourses');
  await expect(page.getByRole('heading', { name: catalogue.universityCourse.title })).toBeVisible();
  await page.getByRole('textbox', { name: crud.filter.label }).fill(COURSE);
  await act(page.getByRole('button', { name: crud.filter.find }));
  const link = page.getByRole('link', {
    name: catalogue.universityCourse.intakes.replace('{{course.name}}', COURSE),
  });
  await act(link.first());
  await expect(page).toHaveURL(/\/Admin\/Intakes\?course=\d+/);
  await expect(page.getByRole('heading', { name: catalogue.intake.title })).toBeVisible();
  await expect(page.getByRole('combobox', { name: catalogue.fields.universityCourse })).toHaveValue(
    new RegExp(`${COURSE} \\(`),
  );
}

const deadlineBox = (dialog: Locator, name: string) => dialog.getByLabel(`${name} (${KL})`, { exact: false });

async function addIntake(page: Page, act: TAct, start: string, deadline: string) {
  await act(page.getByRole('button', { name: crud.add, exact: true }));
  const dialog = page.getByRole('dialog', { name: catalogue.intake.add });
  // The course comes from the address.
  await expect(dialog.getByRole('combobox', { name: catalogue.fields.universityCourse })).toHaveValue(
    new RegExp(COURSE),
  );
  await dialog.getByLabel(catalogue.fields.startDate).fill(start);
  await deadlineBox(dialog, catalogue.fields.applicationDeadline).fill(deadline);
  await deadlineBox(dialog, catalogue.fields.acceptanceDeadline).fill(`${start.slice(0, 8)}01T12:00`);
  await dialog.getByRole('textbox', { name: catalogue.fields.seatCap }).fill('25');
  return dialog;
}

async function checkScreen(page: Page, act: TAct, width: number, start: string, cell: string) {
  await openIntakesOfCourse(page, act);
  const dialog = await addIntake(page, act, start, `${start.slice(0, 4)}-01-15T23:59`);
  await page.screenshot({ path: `${SHOTS}/intake-form-uz-${width}.png` });
  await act(dialog.getByRole('button', { name: crud.form.save, exact: true }));
  await expect(dialog).toBeHidden();
  // 23:59 typed in Kuala Lumpur is shown back in Kuala Lumpur time, the zone named.
  await expect(page.getByRole('cell', { name: `${cell} (${KL})` }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: common.intakeStates.open }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/intakes-uz-${width}.png`, fullPage: true });
}

test('an admin adds an intake in Kuala Lumpur time from a course row (1280 px)', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.local');
  await switchLanguageHere(page, 'uz');
  await expect(page.getByRole('navigation').getByRole('link', { name: shell.menu.intakes })).toBeVisible();
  await checkScreen(page, (l) => l.click(), 1280, '2028-02-21', '15-yanvar, 2028, 23:59');
});

async function phone(browser: Browser) {
  const context = await browser.newContext({
    storageState: english,
    ...PHONE_TOUCH,
  });
  return context.newPage();
}

test('an admin adds an intake by touch on a phone (360 px)', async ({ browser }) => {
  const page = await phone(browser);
  await signIn(page, 'admin@demo.local');
  await switchLanguageHere(page, 'uz');
  await checkScreen(page, (l) => l.tap(), 360, '2029-02-19', '15-yanvar, 2029, 23:59');
  await page.context().close();
});
