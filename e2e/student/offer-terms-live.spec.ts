import { expect, type Page, test } from '@playwright/test';
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import offers from '../../apps/web/src/locales/uz/offers.json' with { type: 'json' };
import status from '../../apps/web/src/locales/uz/status.json' with { type: 'json' };
import { formatDateTime } from '../../packages/shared/src/format';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import {
  chosenLanguage,
  english,
  PHONE,
  PHONE_TOUCH,
  registerAs,
  SCREENSHOTS,
  signIn,
  waitForLayout,
} from '../support';

// Issue 22, left: the applicant is told when something that concerns them changes. A student on a
// touch phone (360 px, Uzbek) has the dashboard open while an admin (through the API) changes the
// offer's terms: the open card shows the new answer-by date and conditions without a reload, and
// the bell counts the stored notification, which lists the new terms. After the student accepts,
// the admin moves the passport: the card's next steps show where it is now, again without a
// reload. The Uzbek texts come from the locale files.

test.use({ storageState: english, ...PHONE_TOUCH, locale: 'uz-UZ' });

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
const KL = 'Asia/Kuala_Lumpur';
const bellName = (count: number) => `Bildirishnomalar, ${count} ta yangi`;
/** A mark in the page's window: gone after any reload or typed address. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const samePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test('an admin changes the offer’s terms: the student’s open card and bell update without a reload (uz, phone)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ storageState: chosenLanguage('uz'), ...PHONE_TOUCH });
  const student = await context.newPage();
  await registerAs(student, 'Student', { email: `terms-live-${stamp()}@example.com`, open: false });
  const all = (await (await student.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(student.request, `Terms${stamp()}`, all[0]!.id);
  expect((await student.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);

  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  const state = async () =>
    (
      (await (await admin.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)).json()) as {
        studentCourseId: number;
        version: number;
      }[]
    )[0]!;
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await admin.request.post(`/api/ApplicationStatus/${path}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  const { studentCourseId } = await state();
  const firstAnswerBy = '2040-03-01T09:00:00.000Z';
  await post('move', { studentCourseId, to: 'underReview', version: (await state()).version });
  await post('move', {
    studentCourseId,
    to: 'conditionalOffer',
    version: (await state()).version,
    offer: { answerBy: firstAnswerBy, conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }] },
  });

  // The student's dashboard in Uzbek, the offer open on the card.
  expect((await student.request.put('/api/auth/me/language', { data: { language: 'uz' } })).status()).toBe(
    204,
  );
  await student.goto('/Student/Dashboard');
  await waitForLayout(student, PHONE.width);
  const card = student.getByRole('article').first();
  await expect(card).toContainText(formatDateTime(firstAnswerBy, 'uz', KL), { timeout: 30_000 });
  const bell = student.getByTestId('header-bell');
  await expect(bell).toHaveAccessibleName(bellName(2));
  await markPage(student);

  // The admin changes the terms: a later answer-by date, another condition.
  const newAnswerBy = '2040-03-20T09:00:00.000Z';
  await post('offerTerms', {
    studentCourseId,
    version: (await state()).version,
    answerBy: newAnswerBy,
    conditions: [{ kind: 'englishTest', text: 'IELTS 6.5' }, { kind: 'transcript' }],
  });
  const newDate = formatDateTime(newAnswerBy, 'uz', KL);
  await expect(card).toContainText(newDate, { timeout: 15_000 });
  await expect(card).not.toContainText(formatDateTime(firstAnswerBy, 'uz', KL));
  await expect(card).toContainText(`${offers.kinds.englishTest}: IELTS 6.5`);
  await expect(card).toContainText(offers.kinds.transcript);
  await expect(bell).toHaveAccessibleName(bellName(3));
  expect(await samePage(student)).toBe(true);
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await card.scrollIntoViewIfNeeded();
  await student.screenshot({ path: `${SCREENSHOTS}/offer-terms-live-card-360.png`, fullPage: true });

  // The student accepts (through the API); the admin moves the passport: the card's next steps
  // say where it is now, still without a reload.
  expect(
    (
      await student.request.post('/api/ApplicationStatus/answerOffer', {
        data: { studentCourseId, version: (await state()).version, answer: 'accept' },
      })
    ).status(),
  ).toBe(200);
  const next = card.getByRole('region', { name: status.nextSteps.title });
  await expect(next).toContainText(
    fill(status.nextSteps.passport, { where: status.nextSteps.whereabouts.withApplicant }),
    { timeout: 15_000 },
  );
  await post('passport', { studentCourseId, whereabouts: 'sentToUniversity' });
  await expect(next).toContainText(
    fill(status.nextSteps.passport, { where: status.nextSteps.whereabouts.sentToUniversity }),
    { timeout: 15_000 },
  );
  await expect(bell).toHaveAccessibleName(bellName(4));
  expect(await samePage(student)).toBe(true);

  // The bell lists the new terms: the date in both zones, the conditions named.
  await bell.tap();
  await expect(student).toHaveURL(/\/Student\/Notifications$/);
  const entries = student.getByRole('list', { name: status.page.stored }).getByRole('article');
  const terms = entries.filter({ hasText: status.page.offerTermsChanged });
  await expect(terms).toHaveCount(1);
  await expect(terms).toContainText(`${newDate} (${common.timeZones[KL]})`);
  await expect(terms).toContainText(`${offers.kinds.englishTest}: IELTS 6.5`);
  await expect(entries.first()).toContainText(
    fill(status.page.passportMoved, { where: status.nextSteps.whereabouts.sentToUniversity }),
  );
  expect(await student.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-terms-notification-360.png`, fullPage: true });
  await student.setViewportSize({ width: 1280, height: 900 });
  await waitForLayout(student, 1280);
  await student.screenshot({ path: `${SCREENSHOTS}/offer-terms-notification-1280.png`, fullPage: true });
  await context.close();
  await adminContext.close();
});
