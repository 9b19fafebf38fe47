import { expect, test } from '@playwright/test';
import { english, SCREENSHOTS } from '../support';

test.use({ storageState: english, viewport: { width: 360, height: 780 } });

test('on a 360 px phone the landing header leads to /login, by mouse and by keyboard', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const signIn = header.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: `${SCREENSHOTS}/landing-header-360.png`,
    clip: { x: 0, y: 0, width: 360, height: 160 },
  });

  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();

  await page.goto('/');
  // Tab from the top of the page until the header's Sign in link has the focus, then Enter.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    if (await signIn.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(signIn).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
