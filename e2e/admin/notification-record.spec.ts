import { expect, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, SCREENSHOTS, signIn, waitForLayout } from '../support';

const SHOTS = process.env.FINISH20_SHOTS ?? SCREENSHOTS;

// Issue 20 item 6: an admin notification card says when the application arrived and opens it: its
// record with the status panel and the form, on its own address.

test.use({ storageState: english });

test('a notification card shows its time and opens the application’s record', async ({ browser }) => {
  const firstName = `Record${stamp()}`;
  const agentContext = await browser.newContext({ storageState: english });
  const agent = await agentContext.newPage();
  await signIn(agent, 'agent@demo.local', { open: false });
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(agent.request, firstName, offer!.id);
  expect((await agent.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);
  await agentContext.close();

  const context = await browser.newContext({ storageState: english });
  const page = await context.newPage();
  await signIn(page, 'admin@demo.local', { open: false });
  await page.goto('/Admin/Notification');
  const card = page
    .getByRole('list', { name: 'New applications' })
    .getByRole('listitem')
    .filter({ hasText: firstName });
  await expect(card.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
  await page.setViewportSize({ width: 360, height: 740 });
  await waitForLayout(page, 360);
  await page.screenshot({ path: `${SHOTS}/notification-cards-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await waitForLayout(page, 1280);
  await page.screenshot({ path: `${SHOTS}/notification-cards-1280.png` });
  await card.getByRole('link', { name: new RegExp(firstName) }).click();
  await expect(page).toHaveURL(/\/Admin\/ApplicationForms\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Application' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Status' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: new RegExp(`Application form of ${firstName}`) }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Application · UniApply');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/application-record-1280.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await waitForLayout(page, 360);
  await page.screenshot({ path: `${SHOTS}/application-record-360.png` });
  await page.getByRole('link', { name: 'Back to Application Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application Forms' })).toBeVisible();
  await context.close();
});
