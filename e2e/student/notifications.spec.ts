import { type Browser, expect, type Page, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { BASE_URL, english, expectAccessible, registerAs, SCREENSHOTS, signIn } from '../support';

// Issue 18 item 2: a student's notifications are stored. An admin asks for documents; the student
// signs out and in again (on a phone, 360 px with touch, in Uzbek) and sees "Action needed: 1",
// the banner naming the course, the bell's count in the phone header and the menu button's badge;
// the Notifications page lists the entries newest first, linking to the application; after a
// reload they are read.

const SHOTS = SCREENSHOTS;
const uzbek = {
  cookies: [],
  origins: [
    {
      origin: BASE_URL,
      localStorage: [
        { name: 'appLanguage', value: 'uz' },
        { name: 'appLanguageChosenSignedOut', value: '1' },
      ],
    },
  ],
};
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Signs an existing account in from the landing page, in Uzbek. */
async function signInUzbek(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Google orqali kirish' }).first().click();
  await page.getByLabel('Elektron pochta').fill(email);
  await page.getByRole('button', { name: 'Shu elektron pochta bilan kirish' }).click();
  await expect(page).toHaveURL(/\/Student\/Dashboard$/);
}

async function newUzbekPage(browser: Browser, options: object) {
  const context = await browser.newContext({ storageState: uzbek, ...options });
  return { context, page: await context.newPage() };
}

test('a documents request is stored: after a new sign-in on a phone the student is told what and where', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `notify-${stamp()}@example.com`;
  const first = await browser.newContext({ storageState: english });
  const student = await first.newPage();
  await registerAs(student, 'Student', { email });
  const [offer] = (await (await student.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
    course: { name: string };
    university: { name: string };
  }[];
  const studentId = await completeApplication(student.request, `Notify${stamp()}`, offer!.id);
  expect((await student.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);

  // The admin moves it on and asks for a document while the student is away.
  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  const stateOf = async () => {
    const res = await admin.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`);
    expect(res.status()).toBe(200);
    const [state] = (await res.json()) as { studentCourseId: number; version: number }[];
    return state!;
  };
  const move = async (data: Record<string, unknown>) => {
    const res = await admin.request.post('/api/ApplicationStatus/move', { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  let state = await stateOf();
  await move({ studentCourseId: state.studentCourseId, to: 'underReview', version: state.version });
  state = await stateOf();
  await move({
    studentCourseId: state.studentCourseId,
    to: 'documentsRequested',
    version: state.version,
    message: 'Please send a recent bank statement.',
    requests: [{ text: 'Bank statement' }],
  });
  await adminContext.close();

  // The student signs out ...
  await student.getByRole('button', { name: 'Account menu' }).click();
  await student.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(student).toHaveURL(/\/$/);
  await first.close();

  // ... and in again, on a phone, in Uzbek.
  const { context, page } = await newUzbekPage(browser, phone);
  await signInUzbek(page, email);
  const course = `${offer!.course.name}, ${offer!.university.name}`;
  const progress = page.getByRole('region', { name: 'Ariza holati' });
  await expect(progress.getByText('10 ta qadamdan 10 tasi bajarildi')).toBeVisible();
  await expect(progress.getByText('Harakat kerak: 1')).toBeVisible();
  const banner = page.getByRole('region', { name: 'Ariza sizni kutmoqda' });
  await expect(banner).toContainText(`${course} uchun hujjatlar soʻraldi`);
  // The banner is the first thing under the greeting.
  const bannerBox = (await banner.boundingBox())!;
  expect(bannerBox.y).toBeLessThan((await progress.boundingBox())!.y);
  // The phone header: the bell with its count, and the menu button's badge.
  const bell = page.getByTestId('header-bell');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAccessibleName('Bildirishnomalar, 2 ta yangi');
  await expect(bell).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Menyuni ochish, 2 ta yangi' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/dashboard-action-needed-uz-360.png`, fullPage: true });
  await page.screenshot({
    path: `${SHOTS}/phone-header-bell-uz-360.png`,
    clip: { x: 0, y: 0, width: 360, height: 120 },
  });

  // The bell opens the notifications: newest first, unread marked, linking to the application.
  await bell.tap();
  await expect(page).toHaveURL(/\/Student\/Notifications$/);
  const list = page.getByRole('list', { name: 'Bildirishnomalaringiz' });
  const entries = list.getByRole('article');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(/Hujjatlar so.raldi/);
  await expect(entries.nth(0)).toContainText('Please send a recent bank statement.');
  await expect(entries.nth(1)).toContainText(/Ko.rib chiqilmoqda/);
  for (const i of [0, 1]) await expect(entries.nth(i).getByText('Oʻqilmagan')).toBeVisible();
  const link = entries.nth(0).getByRole('link', { name: course });
  await expect(link).toHaveAttribute('href', `/Student/Dashboard#application-${state.studentCourseId}`);
  // Opening marked them read: the bell clears.
  await expect(bell).toHaveAccessibleName('Bildirishnomalar');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/notifications-fresh-sign-in-uz-360.png`, fullPage: true });

  // After a reload they are read.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Bildirishnomalaringiz' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Oʻqilmagan')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/notifications-after-reload-uz-360.png`, fullPage: true });

  // The entry leads to the application's card.
  await page
    .getByRole('list', { name: 'Bildirishnomalaringiz' })
    .getByRole('article')
    .nth(0)
    .getByRole('link', { name: course })
    .tap();
  await expect(page).toHaveURL(new RegExp(`/Student/Dashboard#application-${state.studentCourseId}$`));
  await expect(page.locator(`#application-${state.studentCourseId}`)).toBeFocused();
  await context.close();

  // The dashboard at 1280 px.
  const desktop = await newUzbekPage(browser, { viewport: { width: 1280, height: 900 } });
  await signInUzbek(desktop.page, email);
  await expect(desktop.page.getByRole('region', { name: 'Ariza sizni kutmoqda' })).toBeVisible();
  await expect(desktop.page.getByTestId('header-bell')).toBeHidden();
  await desktop.page.screenshot({ path: `${SHOTS}/dashboard-action-needed-uz-1280.png`, fullPage: true });
  await desktop.context.close();
});
