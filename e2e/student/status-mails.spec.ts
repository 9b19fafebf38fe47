import { expect, test } from '@playwright/test';
import { english, expectAccessible, registerAs, SCREENSHOTS } from '../support';

test.use({ storageState: english });

// Issue 12: the unsubscribe link of every status mail leads to this switch. A new account of its
// own: the demo student is shared with specs running in parallel.
test('a student turns status emails off on the profile page, and it stays off', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await registerAs(page, 'Student', { email: `status-mails-${Date.now()}@example.com`, open: false });

  // Where the mail's unsubscribe link points.
  await page.goto('/Student/Profile');
  const toggle = page.getByRole('switch', { name: 'Status emails' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.click({ force: true }); // the input is visually hidden behind Mantine's track
  await expect(page.getByText('Your email setting has been saved.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-status-mails-360.png`, fullPage: true });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Status emails' })).not.toBeChecked();
  expect(await (await page.request.get('/api/auth/me/mail-settings')).json()).toEqual({ statusMails: false });
});
