import { expect, test } from '@playwright/test';
import { english, expectAccessible, SCREENSHOTS, signIn } from '../support';

test.use({ storageState: english });

// Issue 19 item 4: the operational settings. The spec puts back the value it found, so it owns
// its data and runs in any order.
test('the admin changes a setting on /Admin/Settings and it is still there after a reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/Admin\/Settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Waiting time for requested documents' });
  await expect(field).not.toHaveValue('');
  const found = await field.inputValue();
  const changed = found === '21' ? '20' : '21';
  await field.fill(changed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Waiting time for requested documents' })).toHaveValue(
    changed,
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-settings-1280.png`, fullPage: true });

  // Put back what the spec found.
  await page.getByRole('textbox', { name: 'Waiting time for requested documents' }).fill(found);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The settings are saved.')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the settings fit a 360 px touch screen', async ({ page }) => {
    await signIn(page, 'admin@demo.local', { open: false });
    await page.goto('/Admin/Settings');
    await expect(page.getByRole('textbox', { name: 'Reminder lead time' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-settings-360.png`, fullPage: true });
  });
});
