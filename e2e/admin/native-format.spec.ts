import { expect, test } from '@playwright/test';
import { formatDateTime } from '../../packages/shared/src/format';
import { BASE_URL, english } from '../support';

// Issue 18 item 8 under Chromium, whose Intl has no Uzbek data ("2026 M11 26 01:27" before): the
// admin dashboard's latest contact message shows its time in Uzbek exactly as the shared formatter
// writes it under Node, in the browser's zone; and money on a screen reads amount, then code.

const UZBEK_MONTH = '(yanvar|fevral|mart|aprel|may|iyun|iyul|avgust|sentyabr|oktyabr|noyabr|dekabr)';

const uzbek = {
  cookies: [],
  origins: [
    {
      origin: BASE_URL,
      localStorage: [
        { name: 'appLanguage', value: 'uz' },
        { name: 'appLanguageChosenSignedOut', value: '1' },
      ],
    },
  ],
};

test('a date on a screen reads natively in Uzbek under Chromium, in the browser’s zone', async ({
  browser,
}) => {
  // A message of our own, so the dashboard's newest is known.
  const sender = await browser.newContext({ storageState: english });
  const sent = await sender.request.post(`${BASE_URL}/api/contact`, {
    data: {
      name: `Sana Tekshiruv ${Date.now()}`,
      email: 'sana@example.com',
      message: 'Sana qanday koʻrinadi?',
    },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await sender.close();

  // A zone far from the server's and from UTC: the wall clock must be the reader's.
  const context = await browser.newContext({ storageState: uzbek, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Google orqali kirish' }).click();
  await page.getByRole('button', { name: 'admin@demo.local', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/Dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');

  const latest = (await (await page.request.get('/api/contact/latest?limit=5')).json()) as {
    createdAt: string;
  }[];
  const newest = latest[0]!;
  const shown = page.locator(`time[datetime="${newest.createdAt}"]`).first();
  await expect(shown).toBeVisible();
  const text = await shown.innerText();
  expect(text).toBe(formatDateTime(newest.createdAt, 'uz', 'America/New_York'));
  expect(text).toMatch(new RegExp(`^\\d{1,2}-${UZBEK_MONTH}, \\d{4}, \\d{2}:\\d{2}$`));
  expect(text).not.toMatch(/M\d{1,2}|AM|PM/);
  await context.close();
});
