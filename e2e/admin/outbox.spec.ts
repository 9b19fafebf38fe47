import { expect, test } from '@playwright/test';
import { english, expectAccessible, SCREENSHOTS, signIn } from '../support';

test.use({ storageState: english });

// Issue 12: the status-mail queue for admins, read-only (the mails themselves: apps/api/test/mail).
test('the admin opens the Outbox from the menu and filters it by status', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
  // (With mails in it, the first row is selected and the address says so: spec 2.3.)
  await expect(page).toHaveURL(/\/Admin\/Outbox(\?selected=\d+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Outbox' })).toBeVisible();
  for (const name of ['Add', 'Edit', 'Delete'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/\/Admin\/Outbox\?q=failed(&selected=\d+)?$/);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-outbox-1280.png`, fullPage: true });
});
