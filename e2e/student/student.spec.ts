import { expect, test } from '@playwright/test';
import { english, expectAccessible, expectShell, SCREENSHOTS, signInFromLanding } from '../support';

test.describe('in English', () => {
  test.use({ storageState: english });

  test('the student signs in from the landing page and lands on the student home', { tag: '@smoke' }, async ({
    page,
  }) => {
    await signInFromLanding(page, 'student@demo.local');
    await expectShell(page, 'Aziza Karimova', 'Dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });

  test('a student who types an admin address ends on their own home', async ({ page }) => {
    await signInFromLanding(page, 'student@demo.local');
    await page.goto('/Admin/Dashboard');
    await expect(page).toHaveURL(/\/Student\/Dashboard$/);
    await expectShell(page, 'Aziza Karimova', 'Dashboard');
  });

  test('on a phone the sidebar is a drawer opened by the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInFromLanding(page, 'student@demo.local');
    await expect(page.getByText('Aziza Karimova')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Aziza Karimova')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-student-phone-drawer.png`, animations: 'disabled' });
    await drawer.getByRole('link', { name: 'Universities' }).click();
    await expect(page).toHaveURL(/\/Student\/UniversityList$/);
    await expect(drawer).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the portal starts in Uzbek, and Russian chosen on the landing page survives reload and sign-in', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect(page.getByRole('link', { name: 'Google orqali kirish' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Til' }).selectOption('ru');
  await expect(page.getByRole('link', { name: 'Войти через Google' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('link', { name: 'Войти через Google' })).toBeVisible();

  // A student of its own, so other specs' demo accounts keep their language.
  await page.getByRole('radio', { name: 'Студент' }).check();
  await page.getByRole('button', { name: 'Зарегистрироваться через Google' }).click();
  // The demo provider's page follows the portal's language (its appLanguage cookie).
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByLabel('Электронная почта').fill(`ru-student-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Войти с этим адресом' }).click();
  await expect(page).toHaveURL(/\/Student\/Dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(
    page.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'Университеты' }),
  ).toBeVisible();
  // Saved to the account too: a new browser signing in gets Russian.
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/me')).json()).appLanguage)
    .toBe('ru');
});
