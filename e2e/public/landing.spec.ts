import { expect, test } from '@playwright/test';
import { english, expectAccessible, SCREENSHOTS, signInFromLanding } from '../support';

test.use({ storageState: english });

test('the landing page has everything the spec lists and passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Apply to universities abroad with one profile',
  );
  await expect(page.getByRole('link', { name: 'UniApply' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our partner universities' })).toBeVisible();
  await expect(page.getByText("Taylor's University").first()).toBeVisible();
  await expect(page.getByText('Tuition discounts from 25% off up to full scholarships')).toBeVisible();
  await expect(page.getByText('Recruitment events.')).toBeVisible();
  await expect(page.getByText('A dedicated partner profile.')).toBeVisible();
  await expect(page.locator('figure blockquote')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByText('© 2025 UniApply. All rights reserved.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);
});

test('the landing page fits a 360 px phone and a 1280 px screen, in all three languages', async ({
  page,
}) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const language of ['en', 'uz', 'ru']) {
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('appLanguage', l), language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('textbox').last()).toBeVisible(); // the lazily loaded contact form
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px in ${language}`).toBeLessThanOrEqual(0);
      if (language === 'en') {
        await page.screenshot({
          path: `${SCREENSHOTS}/landing-${width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
    }
  }
});

test('the login page offers Login and Register tabs and passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByText('Agent', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Register with Google' })).toHaveAttribute(
    'href',
    /role=agent/,
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${SCREENSHOTS}/login-360.png`, fullPage: true });
});

test('registering needs the student or agent choice', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register with Google' }).click();
  await expect(page.getByText('Please choose whether you register as a student or an agent.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visit to a signed-in area ends on the landing page', async ({ page }) => {
  await page.goto('/Student/Dashboard');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/\?returnUrl=%2FStudent%2FDashboard$/);
  await expect(page.getByRole('button', { name: 'Register with Google' })).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the contact form stores a message and thanks the sender', async ({ page, browser }) => {
  const stamp = `e2e-${Date.now()}`;
  await page.goto('/');
  await page.getByLabel('Name').fill('Bekzod Aliev');
  await page.getByLabel('Email').fill('bekzod@example.com');
  await page.getByLabel('Message').fill(`When is the next intake? ${stamp}`);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been received.')).toBeVisible();

  // The admin can read it back: it was stored, not just acknowledged.
  const admin = await browser.newContext({ storageState: english });
  const adminPage = await admin.newPage();
  await signInFromLanding(adminPage, 'admin@demo.local');
  const latest = await adminPage.request.get('/api/contact/latest?limit=50');
  expect(latest.ok()).toBe(true);
  expect(JSON.stringify(await latest.json())).toContain(stamp);
  await admin.close();
});
