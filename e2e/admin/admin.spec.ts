import { expect, test } from '@playwright/test';
import { english, expectAccessible, LANDING, SCREENSHOTS, signIn, signInFromLanding } from '../support';

test.use({ storageState: english });

test('the admin signs in from the landing page and lands on the admin home', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInFromLanding(page, 'admin@demo.local');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Admin' })).toBeVisible();
  await expect(page.getByText('Dilnoza Adminova')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveCount(17); // spec 2.2's eleven, Users (SECURITY 19), the Outbox (issue 12), Settings (issue 19), Exchange rates (issue 20), Intakes (issue 21) and Offer letters (issue 22)
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/shell-admin-expanded.png` });

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByText('Dilnoza Adminova')).toBeHidden();
  await expect(menu.getByRole('link', { name: 'Universities' })).toBeVisible();
  await menu.getByRole('link', { name: 'Universities' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Universities' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/shell-admin-collapsed.png` });
  await page.getByRole('button', { name: 'Expand menu' }).click();
});

test('log out returns to the landing page and ends the session', async ({ page }) => {
  await signIn(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(LANDING);
  await expect(page.getByRole('button', { name: 'Register with Google' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/Admin/Dashboard');
  await expect(page).toHaveURL(/\/\?returnUrl=%2FAdmin%2FDashboard$/);
});
