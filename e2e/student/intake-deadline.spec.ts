import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import { completeApplication } from '../applications-api';
import { CLOCK_FILE } from '../servers';
import { english, registerAs, signIn, waitForLayout } from '../support';

// Issue 21, in Uzbek, on a server of its own whose clock the test moves (TEST_CLOCK_FILE): an
// admin adds an intake to a course; a student chooses it and sees its deadline in Kuala Lumpur's
// and Tashkent's time and the latest safe date to submit, and confirms (1280 px, mouse); the clock
// then passes the deadline, and a second student's confirm (360 px, touch) is refused with the
// reason, the picker saying why the intake cannot be chosen any more.

test.describe.configure({ mode: 'serial' });
const SHOTS = process.env.INTAKE_SHOTS ?? 'artifacts/screenshots/intakes';

// 31 July 2027, 23:59 in Kuala Lumpur = 20:59 in Tashkent; the start 6 September 2027, so the
// latest safe date (8 weeks before it) is 12 July 2027.
const DEADLINE = '2027-07-31T15:59:00.000Z';
const START = '2027-09-06';
const KL = '31-iyul, 2027, 23:59';
const TASHKENT = '31-iyul, 2027, 20:59';
const SAFE = '12-iyul, 2027';

type TOffer = { id: number; course: { name: string; level: { name: string } }; university: { name: string } };
let offer: TOffer;

/** A new student of their own in Uzbek, in Tashkent's zone (so no third "your time" line). */
async function newStudent(browser: Browser, width: number, touch: boolean, name: string) {
  const context = await browser.newContext({
    storageState: english,
    viewport: { width, height: touch ? 740 : 900 },
    hasTouch: touch,
    isMobile: touch,
    timezoneId: 'Asia/Tashkent',
  });
  const page = await context.newPage();
  await registerAs(page, 'Student', {
    email: `${name.toLowerCase()}-${Date.now()}@example.com`,
  });
  const studentId = await completeApplication(page.request, name, offer.id);
  expect((await page.request.put('/api/auth/me/language', { data: { language: 'uz' } })).status()).toBe(204);
  await page.evaluate(() => localStorage.setItem('appLanguage', 'uz'));
  return { page, studentId };
}

/** Step 9's picker narrowed to the course (its level and name): the course's list. */
async function pickerRow(page: Page, touch: boolean) {
  await page.goto('/Student/Infoform?step=9');
  const level = page.getByRole('combobox', { name: 'Daraja' });
  await (touch ? level.tap() : level.click());
  const phd = page.getByRole('option', { name: 'PhD', exact: true });
  await (touch ? phd.tap() : phd.click());
  await page.getByRole('textbox', { name: 'Kurs nomi' }).fill(offer.course.name);
  const courses = page.getByRole('group', { name: 'Kurslar' });
  await expect(
    courses.getByRole('checkbox', { name: new RegExp(`${offer.course.name} — ${offer.university.name}`) }),
  ).toBeVisible({ timeout: 20_000 });
  return courses;
}

test.beforeAll(async ({ browser }) => {
  fs.rmSync(CLOCK_FILE, { force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ storageState: english });
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  const offers = (await (await admin.request.get('/api/UniversityCourse/allAsync')).json()) as TOffer[];
  // A PhD course: the demo gives those no intakes, so the one added here is the course's only one.
  offer = offers.find((o) => o.course.level.name === 'PhD')!;
  expect(offer?.course.level.name).toBe('PhD');
  const added = await admin.request.post('/api/Intake/add', {
    data: {
      universityCourseId: offer.id,
      startDate: START,
      applicationDeadline: DEADLINE,
      acceptanceDeadline: '2027-08-15T15:59:00.000Z',
      seatCap: 20,
      open: true,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  await context.close();
});

test.afterAll(() => fs.rmSync(CLOCK_FILE, { force: true }));

test('a student sees the deadline in both zones and the latest safe date, and confirms before it; after it a second student is refused with the reason (uz)', async ({
  browser,
}) => {
  test.slow();
  // Both students save the course with its intake while it is open.
  const first = await newStudent(browser, 1280, false, 'Muddatli');
  const second = await newStudent(browser, 360, true, 'Kechikkan');

  // The first student, at 1280 px: the intake, its deadline in both zones, the latest safe date.
  const courses = await pickerRow(first.page, false);
  // Each deadline line names its zone: the time, then "(Kuala-Lumpur vaqti)" / "(Toshkent vaqti)".
  const line = (time: string) =>
    courses.locator('time', { hasText: time }).locator('xpath=following-sibling::*[1]');
  await expect(line(KL)).toHaveText(`(${common.timeZones['Asia/Kuala_Lumpur']})`);
  await expect(line(TASHKENT)).toHaveText(`(${common.timeZones['Asia/Tashkent']})`);
  await expect(courses.getByText(common.intakes.latestSafeDate).first()).toBeVisible();
  await expect(courses.locator('time', { hasText: SAFE })).toBeVisible();
  await waitForLayout(first.page, 1280);
  await first.page.screenshot({ path: `${SHOTS}/intake-deadline-1280-uz.png`, fullPage: true });
  await first.page.goto('/Student/Infoform?step=10');
  await first.page.getByRole('button', { name: 'Tasdiqlash', exact: true }).click();
  await expect(first.page.getByRole('heading', { name: /Rahmat/ })).toBeVisible({ timeout: 20_000 });

  // The clock passes the deadline (a day after it, with no late deadline).
  fs.writeFileSync(CLOCK_FILE, '2027-08-01T16:00:00.000Z');

  // The second student, at 360 px by touch: the confirm is refused with the reason.
  const { page } = second;
  await page.goto('/Student/Infoform?step=10');
  await page.getByRole('button', { name: 'Tasdiqlash', exact: true }).tap();
  await expect(page.getByText(common.errors.intakePast)).toBeVisible({ timeout: 20_000 });
  await waitForLayout(page, 360);
  await page.screenshot({ path: `${SHOTS}/intake-refused-360-uz.png`, fullPage: true });
  // The picker says why the intake cannot be chosen now.
  const row = await pickerRow(page, true);
  await expect(row.getByText(common.intakeStates.past).first()).toBeVisible();
  await waitForLayout(page, 360);
  await page.screenshot({ path: `${SHOTS}/intake-past-picker-360-uz.png`, fullPage: true });
  // Nothing was submitted for the second student.
  const states = (await (
    await page.request.get(`/api/ApplicationStatus/list?studentId=${second.studentId}`)
  ).json()) as unknown[];
  expect(states).toEqual([]);
});
