import { expect, type Page, test } from '@playwright/test';
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import dashboard from '../../apps/web/src/locales/uz/dashboard.json' with { type: 'json' };
import status from '../../apps/web/src/locales/uz/status.json' with { type: 'json' };
import { stamp } from '../agent/students-api';
import { completeApplication, confirmTwoCourses } from '../applications-api';
import {
  chosenLanguage,
  english,
  expectAccessible,
  PHONE,
  PHONE_TOUCH,
  registerAs,
  SCREENSHOTS,
  signIn,
  waitForLayout,
} from '../support';

// Issue 22 item 4: a student with two offers (made by the admin through the API) answers on a
// touch phone in Uzbek: Accept on one opens the confirmation (what accepting means, the answer-by
// date in Kuala Lumpur's and Tashkent's time, the other offer unticked), the student ticks the
// other offer and confirms: one accepted, the other declined in the same step. The dialog at
// 1280 px too; nothing wider than the phone. The Uzbek texts come from the locale files.

test.use({
  storageState: english,
  ...PHONE_TOUCH,
  locale: 'uz-UZ',
});

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
const badge = (card: ReturnType<Page['getByRole']>, label: string) =>
  card.locator('.mantine-Badge-label', { hasText: label });

/** What sticks out past the phone's width: the page or an open dialog. */
const overflowing = (page: Page) =>
  page.evaluate((width) => {
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) wide.push('page');
    for (const d of document.querySelectorAll<HTMLElement>('[role="dialog"]'))
      if (d.scrollWidth > d.clientWidth || d.getBoundingClientRect().right > width + 0.5) wide.push('dialog');
    return wide;
  }, PHONE.width);

test('a student on a phone accepts one offer and declines the other in the same step (uz)', async ({
  browser,
}) => {
  test.setTimeout(240_000); // the set-up through the API is long on a busy machine
  // The student's browser in Uzbek from the start (its portal opens once the offers are made).
  const context = await browser.newContext({
    storageState: chosenLanguage('uz'),
    ...PHONE_TOUCH,
  });
  const student = await context.newPage();
  await registerAs(student, 'Student', { email: `offers-${stamp()}@example.com`, open: false });
  // Two courses, each with an intake that can be chosen.
  const all = (await (await student.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(student.request, `Offers${stamp()}`, all[0]!.id);
  await confirmTwoCourses(
    student.request,
    studentId,
    all.map((c) => c.id),
  );

  // The admin makes two offers (through the API).
  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  const states = async () =>
    (await (await admin.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)).json()) as {
      studentCourseId: number;
      status: string;
      version: number;
    }[];
  const [first, second] = await states();
  for (const [app, offer] of [
    [first!, 'conditionalOffer'],
    [second!, 'unconditionalOffer'],
  ] as const) {
    for (const [to, version] of [
      ['underReview', app.version],
      [offer, app.version + 1],
    ] as const) {
      const res = await admin.request.post('/api/ApplicationStatus/move', {
        data: { studentCourseId: app.studentCourseId, to, version },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  }

  // The student's portal in Uzbek.
  expect((await student.request.put('/api/auth/me/language', { data: { language: 'uz' } })).status()).toBe(
    204,
  );
  await student.goto('/Student/Dashboard');
  const banner = student.getByTestId('action-banner');
  await expect(banner).toContainText(fill(dashboard.action.title_other, { count: 2 }));
  const cards = student.getByRole('article');
  await expect(cards).toHaveCount(2);
  const firstCard = cards.nth(0);
  const secondCard = cards.nth(1);
  // The card names its course once the names' own query has answered ('—' until then).
  const firstHeading = firstCard.getByRole('heading').first();
  await expect(firstHeading).not.toHaveText('—');
  const firstCourse = (await firstHeading.textContent()) ?? '';

  const accept = firstCard.getByRole('button', {
    name: fill(status.offer.acceptNamed, { course: firstCourse }),
  });
  const dialogName = fill(status.offer.acceptTitle, { course: firstCourse });

  // At 1280 px first: the dialog, then Cancel.
  await student.setViewportSize({ width: 1280, height: 900 });
  await waitForLayout(student, 1280);
  // The answer-by date once on the card, beside Accept and Decline (not also in the offer's terms).
  await expect(firstCard.getByText(common.timeZones['Asia/Kuala_Lumpur'])).toHaveCount(1);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-card-1280.png`, fullPage: true });
  await accept.click();
  let dialog = student.getByRole('dialog', { name: dialogName });
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-accept-dialog-1280.png` });
  await dialog.getByRole('button', { name: status.offer.cancel }).click();
  await expect(dialog).toBeHidden();

  // On the phone, by touch.
  await student.setViewportSize(PHONE);
  await waitForLayout(student, PHONE.width);
  await firstCard.scrollIntoViewIfNeeded();
  await expect(firstCard.getByRole('region', { name: status.offer.title })).toContainText(
    common.timeZones['Asia/Kuala_Lumpur'],
  );
  await student.screenshot({ path: `${SCREENSHOTS}/offer-card-360.png`, fullPage: true });
  await accept.tap();
  dialog = student.getByRole('dialog', { name: dialogName });
  await expect(dialog).toContainText(status.offer.meansSeat);
  await expect(dialog).toContainText(status.offer.meansDeposit);
  await expect(dialog).toContainText(common.timeZones['Asia/Kuala_Lumpur']);
  await expect(dialog).toContainText(common.timeZones['Asia/Tashkent']);
  const other = dialog.getByRole('checkbox');
  await expect(other).toHaveCount(1);
  await expect(other).not.toBeChecked();
  await other.tap();
  await expect(other).toBeChecked();
  await expect.poll(() => overflowing(student)).toEqual([]);
  await expectAccessible(student);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-accept-dialog-360.png` });
  await dialog
    .getByRole('button', { name: fill(status.offer.confirmAcceptDeclining_one, { count: 1 }) })
    .tap();
  await expect(dialog).toBeHidden();

  await expect(badge(firstCard, status.labels.offerAccepted)).toBeVisible();
  await expect(badge(secondCard, status.labels.offerDeclined)).toBeVisible();
  await expect(banner).toBeHidden();
  expect((await states()).map((s) => s.status)).toEqual(['offerAccepted', 'offerDeclined']);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-answered-360.png`, fullPage: true });
  await student.setViewportSize({ width: 1280, height: 900 });
  await waitForLayout(student, 1280);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-answered-1280.png`, fullPage: true });
  await adminContext.close();
  await context.close();
});
