import { expect, type Page, test } from '@playwright/test';
import { completeApplication } from '../applications-api';
import { english, PHONE, registerNewAgent, signIn, waitForLayout } from '../support';
import { stamp } from './students-api';

// Issue 22 (lane offerfix22): the agent's Action needed banner names an offer that has no
// documents request (it showed "—") with its answer-by date in both zones, on a touch phone, and
// "Open the application" opens the application's card with the offer to answer. Screenshots at
// 360 px and 1280 px go to SHOTS_DIR when it is set.

test.use({ storageState: english, viewport: PHONE, isMobile: true, hasTouch: true });

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
};

test('the agent on a phone sees the offer named with its answer-by date and opens its card', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000); // the set-up through the API is long on a busy machine
  await registerNewAgent(page, 'offer-banner', { open: false });
  const [course] = (await (await page.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const name = `Offerbanner${stamp()}`;
  const studentId = await completeApplication(page.request, name, course!.id);
  expect((await page.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);

  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  for (const [to, extra] of [
    ['underReview', {}],
    ['unconditionalOffer', { offer: { fees: 'RM 32,000 a year' } }],
  ] as const) {
    const [state] = (await (
      await admin.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)
    ).json()) as { studentCourseId: number; version: number }[];
    const res = await admin.request.post('/api/ApplicationStatus/move', {
      data: { studentCourseId: state!.studentCourseId, to, version: state!.version, ...extra },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await adminContext.close();

  await page.goto('/Agent/Students');
  const banner = page.getByRole('region', { name: 'An application needs you' });
  await expect(banner).toContainText(`${name}`, { timeout: 20_000 });
  await expect(banner).toContainText('An offer for');
  await expect(banner).not.toContainText('—');
  await expect(banner).toContainText('Answer by:');
  await expect(banner).toContainText('(Kuala Lumpur time)');
  await expect(banner).toContainText('(Tashkent time)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'agent-banner-360');

  await banner.getByRole('button', { name: 'Open the application' }).tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /Accept/ }).first()).toBeVisible({ timeout: 20_000 });
  await shot(page, 'agent-banner-dialog-360');
  await dialog.getByRole('button', { name: 'Close' }).tap();

  await page.setViewportSize({ width: 1280, height: 900 });
  await waitForLayout(page, 1280);
  await expect(banner).toContainText('Answer by:');
  await shot(page, 'agent-banner-1280');
});
