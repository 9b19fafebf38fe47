import { expect, test } from '@playwright/test';
import { english, SCREENSHOTS } from '../support';

test.use({ storageState: english });

test('a new account takes the names typed at sign-in, and the profile page corrects them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByRole('radio', { name: 'Student' }).check();
  await page.getByRole('button', { name: 'Register with Google' }).click();
  await page.getByLabel('Email').fill(`profile-${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Nodira');
  await page.getByLabel('Last name').fill('Saidova');
  await page.screenshot({ path: `${SCREENSHOTS}/demo-sign-in-360.png`, fullPage: true });
  await page.getByRole('button', { name: 'Sign in with this email' }).click();
  await expect(page).toHaveURL(/\/Student\/Dashboard$/);

  // On a phone the account menu sits in the header, beside the language switch.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu).toBeInViewport({ ratio: 1 });
  await accountMenu.click();
  await expect(page.getByRole('menu')).toContainText('Nodira Saidova');
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/Student\/Profile$/);
  await expect(page).toHaveTitle('Profile · UniApply');
  await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Nodira');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Saidova-Karimova');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/profile-360.png`, fullPage: true });

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Saidova-Karimova');
});
