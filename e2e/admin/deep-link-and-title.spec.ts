import { expect, test } from '@playwright/test';
import { english, registerAs, SCREENSHOTS } from '../support';

test.use({ storageState: english });

test('item 14: a deep link opened signed out comes back after sign-in', async ({ page }) => {
  await page.goto('/Admin/Universities');
  await expect(page).toHaveURL(/\/\?returnUrl=%2FAdmin%2FUniversities$/);
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await page.getByRole('button', { name: 'admin@demo.local', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/Universities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'University Maintenance' })).toBeVisible();
});

// Its own new account: switching languages saves them to the account, and the demo admin is shared
// with specs running in parallel (a reload there would pick up this spec's language).
test('a reloaded signed-in page has its tab title in uz, ru and en', async ({ page }) => {
  await registerAs(page, 'Student', { email: `titles-${Date.now()}@example.com`, open: false });
  await page.goto('/Student/UniversityList');
  const titles = {
    uz: 'Universitetlar · UniApply',
    ru: 'Университеты · UniApply',
    en: 'Universities · UniApply',
  };
  // As a user switches: the header's picker, which saves the choice to the account (writing the
  // browser's storage while the page still loads raced the page's own sign-in language sync).
  const picker = page.getByRole('combobox', { name: /^(Language|Til|Язык)$/ });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [language, title] of Object.entries(titles)) {
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/me/language') && r.request().method() === 'PUT',
    );
    await picker.selectOption(language);
    expect((await saved).status()).toBe(204);
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
  await page.screenshot({ path: `${SCREENSHOTS}/reloaded-title.png` });
});
