import { expect, test } from '@playwright/test';
import { english, SCREENSHOTS } from '../support';

test.use({ storageState: english });

test('item 14: a deep link opened signed out comes back after sign-in', async ({ page }) => {
  await page.goto('/Admin/Universities');
  await expect(page).toHaveURL(/\/\?returnUrl=%2FAdmin%2FUniversities$/);
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await page.getByRole('button', { name: 'admin@demo.local', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/Universities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'University Maintenance' })).toBeVisible();
});

test('a reloaded admin page has its tab title in uz, ru and en', async ({ page }) => {
  await page.goto('/Admin/Universities');
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await page.getByRole('button', { name: 'admin@demo.local', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/Universities$/);
  const titles = {
    uz: 'Universitetlar · UniApply',
    ru: 'Университеты · UniApply',
    en: 'Universities · UniApply',
  };
  for (const [language, title] of Object.entries(titles)) {
    await page.evaluate((l) => localStorage.setItem('appLanguage', l), language);
    await page.evaluate(() => localStorage.setItem('appLanguageChosenSignedOut', '1'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page).toHaveTitle(title);
  }
  // The tab title is not in a screenshot: show it on the page for the record.
  await page.evaluate(() => {
    const note = document.createElement('div');
    note.textContent = `document.title = ${document.title}`;
    note.setAttribute(
      'style',
      'position:fixed;top:0;right:0;z-index:9999;background:#ffec99;padding:8px;font:16px sans-serif',
    );
    document.body.append(note);
  });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-reloaded-title.png` });
});
