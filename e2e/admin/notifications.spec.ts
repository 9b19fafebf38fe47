import { expect, type Page, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, signIn, waitForLayout } from '../support';

// Issue 10 item 3 (spec 2.3, 4, 7.1): an admin with the Notification screen open, and a second tab
// elsewhere, sees the bell pulse and the new card the moment an agent confirms a student's
// application; opening the screen again marks it, and the other tab's bell clears.

test.use({ storageState: english });

const bellOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Notifications/ });
const bellIcon = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByTestId('live-bell');

test('a confirm reaches the open Notification screen live; marking it clears every tab', async ({
  browser,
}) => {
  // Two admin tabs started at once, an agent, axe and four screenshots at two widths: all of it the
  // subject (the UI sign-ins, the set-up part, become HTTP ones in e2e/support.ts). On CI's loaded
  // 2 cores it ran out of 60 s at its last steps.
  test.slow();
  const firstName = `Nodira${stamp()}`;
  const adminContext = await browser.newContext({ storageState: english });
  const tab1 = await adminContext.newPage();
  await signIn(tab1, 'admin@demo.local');
  const tab2 = await adminContext.newPage();
  await tab2.goto('/Admin/Dashboard');
  // The bell, in place (an address typed anew would start the whole app again: seconds under load).
  await bellOf(tab1).click();
  await expect(tab1.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  for (const tab of [tab1, tab2])
    await expect(bellOf(tab)).toHaveAccessibleDescription(/Live updates: connected/, { timeout: 15_000 });

  const agentContext = await browser.newContext({ storageState: english });
  const agent = await agentContext.newPage();
  await signIn(agent, 'agent@demo.local', { open: false });
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(agent.request, firstName, offer!.id);

  const started = Date.now();
  const confirmed = await agent.request.post('/api/Stage/confirm', { data: { studentId } });
  expect(confirmed.status()).toBe(200);
  const card = tab1
    .getByRole('list', { name: 'New applications' })
    .getByRole('listitem')
    .filter({ hasText: firstName });
  await expect(card).toBeVisible({ timeout: 5000 });
  const latency = Date.now() - started;
  console.log(`confirm → card on the open Notification screen: ${latency} ms`);
  expect(latency).toBeLessThan(5000);
  await expect(card).toContainText('Just arrived');
  await expectAccessible(tab1);
  for (const tab of [tab1, tab2]) {
    await expect(bellIcon(tab)).toHaveAttribute('data-highlighted', 'true');
    await expect(bellOf(tab)).toHaveAccessibleDescription(/1 new notification/);
  }
  await tab1.setViewportSize({ width: 1280, height: 800 });
  await tab1.screenshot({ path: '/tmp/hub-notification-1280.png' });
  await tab2.setViewportSize({ width: 360, height: 740 });
  await tab2.getByRole('button', { name: 'Open menu' }).click();
  await expect(tab2.getByRole('dialog').getByTestId('live-bell')).toHaveAttribute('data-highlighted', 'true');
  await waitForLayout(tab2, 360); // the drawer's slide-in
  await tab2.screenshot({ path: '/tmp/hub-bell-drawer-360.png' });
  await tab2.keyboard.press('Escape');
  await tab2.setViewportSize({ width: 1280, height: 800 });

  // Opening the screen again (the bell) shows and marks it; every tab's bell clears.
  await bellOf(tab1).click();
  await expect(
    tab1.getByRole('list', { name: 'New applications' }).getByRole('listitem').filter({ hasText: firstName }),
  ).not.toContainText('Just arrived');
  for (const tab of [tab1, tab2]) {
    await expect(bellIcon(tab)).not.toHaveAttribute('data-highlighted');
    await expect(bellOf(tab)).not.toHaveAccessibleDescription(/new notification/);
  }
  await tab1.setViewportSize({ width: 360, height: 740 });
  await waitForLayout(tab1, 360);
  await tab1.screenshot({ path: '/tmp/hub-notification-360.png', fullPage: true });
  await agentContext.close();
  await adminContext.close();
});
