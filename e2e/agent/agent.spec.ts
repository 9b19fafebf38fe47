import { expect, test } from '@playwright/test';
import { english, expectAccessible, expectShell, signInFromLanding } from '../support';

test.use({ storageState: english });

test('the agent signs in from the landing page and lands on the students list', async ({ page }) => {
  await signInFromLanding(page, 'agent@demo.local');
  await expectShell(page, 'Timur Rashidov', 'Application');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('registering as an agent with a new email lands on the agent home', async ({ page }) => {
  const email = `new-agent-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('radio', { name: 'Agent' }).check();
  await page.getByRole('button', { name: 'Register with Google' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with this email' }).click();
  await expect(page).toHaveURL(/\/Agent\/Students$/);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me).toMatchObject({ email, role: 'Agent' });
});
