import { mkdirSync } from 'node:fs';
import { type BrowserContextOptions, expect, type Locator, test } from '@playwright/test';
import catalogue from '../../apps/web/src/locales/uz/catalogue.json' with { type: 'json' };
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import crud from '../../apps/web/src/locales/uz/crud.json' with { type: 'json' };
import offers from '../../apps/web/src/locales/uz/offers.json' with { type: 'json' };
import { formatDateTime, instantOfWallClock } from '../../packages/shared/src/format';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, PHONE_TOUCH, registerAs, signIn, switchLanguageHere } from '../support';

// Issue dates22: Chromium draws a native date-time input in its own locale (mm/dd/yyyy and a
// 12-hour clock in an English browser) whatever the portal's language. An Uzbek admin who sets an
// intake's deadline sees it read back under the input, live, in the portal's format (Kuala Lumpur's
// time and Tashkent's), and the saved deadline reads the same in the list and on the record; at
// 360 px by touch and at 1280 px with a mouse. The offer's answer-by date in the terms dialog reads
// back the same way. Screenshots of both forms at both widths.

test.describe.configure({ mode: 'serial' });
test.use({ storageState: english });
const SHOTS = process.env.DATE_SHOTS ?? 'artifacts/screenshots/date-readback';
const KL = 'Asia/Kuala_Lumpur';
const TASHKENT = 'Asia/Tashkent';
const KL_NAME = common.timeZones[KL];
const TASHKENT_NAME = common.timeZones[TASHKENT];

type TAct = (l: Locator) => Promise<void>;
const WIDTHS: { name: string; width: number; context: BrowserContextOptions; act: TAct }[] = [
  { name: 'phone', width: 360, context: PHONE_TOUCH, act: (l) => l.tap() },
  { name: 'wide', width: 1280, context: { viewport: { width: 1280, height: 900 } }, act: (l) => l.click() },
];

/** The read-back of an instant typed in Kuala Lumpur: its line in that zone, then Tashkent's. */
function readBack(wall: string) {
  const instant = instantOfWallClock(wall, KL)!;
  return {
    kl: `${formatDateTime(instant, 'uz', KL)} (${KL_NAME})`,
    tashkent: `${formatDateTime(instant, 'uz', TASHKENT)} (${TASHKENT_NAME})`,
  };
}

const deadlineBox = (dialog: Locator, name: string) =>
  dialog.getByLabel(`${name} (${KL_NAME})`, { exact: false });

for (const { name, width, context, act } of WIDTHS) {
  test(`an Uzbek admin's intake deadline reads back in the portal's format (${width} px, ${name})`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const ctx = await browser.newContext({ storageState: english, ...context });
    const page = await ctx.newPage();
    await signIn(page, 'admin@demo.local');
    await switchLanguageHere(page, 'uz');
    const [course] = (await (await page.request.get('/api/UniversityCourse/allAsync')).json()) as {
      id: number;
    }[];
    await page.goto(`/Admin/Intakes?course=${course!.id}`);
    await expect(page.getByRole('heading', { name: catalogue.intake.title })).toBeVisible();
    // Uzbek here only: the shared demo admin keeps its saved language for the specs beside this one.
    expect((await (await page.request.get('/api/auth/me')).json()).appLanguage).not.toBe('uz');

    // A deadline of its own (the course keeps the intakes of earlier runs): a year per width, a
    // day and a minute from the clock; 18:mm in March is 15:mm in Tashkent.
    const n = Math.floor(Date.now() / 1000);
    const year = 2040 + (n % 25) + (width === 360 ? 0 : 25);
    const day = 1 + (Math.floor(n / 25) % 28);
    const minute = String(Math.floor(n / 700) % 60).padStart(2, '0');
    const wall = `${year}-03-${String(day).padStart(2, '0')}T18:${minute}`;
    const { kl, tashkent } = readBack(wall);
    await act(page.getByRole('button', { name: crud.add, exact: true }));
    const dialog = page.getByRole('dialog', { name: catalogue.intake.add });
    await dialog.getByLabel(catalogue.fields.startDate).fill(`${year}-09-01`);
    const deadline = deadlineBox(dialog, catalogue.fields.applicationDeadline);
    // Nothing is read back while the field is empty.
    await expect(deadline).toHaveAccessibleDescription('');
    await deadline.fill(wall);
    // As typed: the day in Uzbek words and a 24-hour clock, in Kuala Lumpur's and Tashkent's time.
    await expect(deadline).toHaveAccessibleDescription(`${kl} ${tashkent}`);
    expect(kl).toBe(`${day}-mart, ${year}, 18:${minute} (${KL_NAME})`);
    expect(tashkent).toBe(`${day}-mart, ${year}, 15:${minute} (${TASHKENT_NAME})`);
    await deadlineBox(dialog, catalogue.fields.acceptanceDeadline).fill(`${year}-08-01T12:00`);
    await expect(dialog.getByLabel(catalogue.fields.startDate)).toHaveAccessibleDescription(
      `1-sentyabr, ${year}`,
    );
    await deadline.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/intake-form-uz-${width}.png` });
    await act(dialog.getByRole('button', { name: crud.form.save, exact: true }));
    await expect(dialog).toBeHidden();

    // The list shows the saved deadline as the read-back's first line.
    const cell = page.getByRole('cell', { name: kl, exact: true });
    await expect(cell).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The record (its details, for the chosen row) shows it the same, and its edit form holds the
    // same wall clock and reads it back the same. A saved row is the chosen one already (a tap on
    // a chosen row would let it go).
    const row = page.getByRole('row').filter({ has: cell });
    if ((await row.getAttribute('aria-selected')) !== 'true') await act(cell);
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const details = page.getByRole('region', { name: crud.details });
    await expect(details.getByRole('definition').filter({ hasText: kl })).toHaveText(kl);
    await act(page.getByRole('button', { name: crud.edit, exact: true }));
    const edit = page.getByRole('dialog', { name: catalogue.intake.edit });
    const saved = deadlineBox(edit, catalogue.fields.applicationDeadline);
    await expect(saved).toHaveValue(wall);
    await expect(saved).toHaveAccessibleDescription(`${kl} ${tashkent}`);
    await ctx.close();
  });
}

test('the offer’s answer-by date reads back in the terms dialog (360 px by touch, 1280 px)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const setupContext = await browser.newContext({ storageState: english });
  const setup = await setupContext.newPage();
  await signIn(setup, 'admin@demo.local', { open: false });
  const [course] = (await (await setup.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const offerIds: number[] = [];
  for (const which of ['phone', 'wide']) {
    const studentContext = await browser.newContext({ storageState: english });
    const student = await studentContext.newPage();
    await registerAs(student, 'Student', { email: `readback-${which}-${stamp()}@example.com`, open: false });
    const studentId = await completeApplication(student.request, `Readback${which}${stamp()}`, course!.id);
    expect((await student.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);
    await studentContext.close();
    for (const to of ['underReview', 'unconditionalOffer']) {
      const [app] = (await (
        await setup.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)
      ).json()) as { studentCourseId: number; version: number }[];
      const res = await setup.request.post('/api/ApplicationStatus/move', {
        data: { studentCourseId: app!.studentCourseId, to, version: app!.version },
      });
      expect(res.status(), await res.text()).toBe(200);
      if (to === 'unconditionalOffer') offerIds.push(app!.studentCourseId);
    }
  }
  await setupContext.close();

  for (const [i, { width, context, act }] of WIDTHS.entries()) {
    const ctx = await browser.newContext({ storageState: english, ...context });
    const page = await ctx.newPage();
    await signIn(page, 'admin@demo.local');
    await switchLanguageHere(page, 'uz');
    await page.goto(`/Admin/ApplicationForms/${offerIds[i]}`);
    await act(page.getByRole('button', { name: offers.terms.edit }));
    const dialog = page.getByRole('dialog', { name: offers.terms.editTitle });
    const answerBy = dialog.getByLabel(`${offers.terms.answerBy} (${KL_NAME})`);
    const wall = '2031-03-01T23:59';
    const { kl, tashkent } = readBack(wall);
    await answerBy.fill(wall);
    await expect(answerBy).toHaveAccessibleDescription(`${kl} ${tashkent} ${offers.terms.answerByHint}`);
    await expect(dialog.locator('time')).toHaveCount(2);
    await answerBy.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/offer-terms-uz-${width}.png` });
    await ctx.close();
  }
});
