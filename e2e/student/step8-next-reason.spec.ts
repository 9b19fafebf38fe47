import { expect, test } from '@playwright/test';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, registerAs, waitForLayout } from '../support';

// Issue 20 item 6: step 8's Next says why it is disabled, in words tied to the button.

const SHOTS = process.env.FINISH20_SHOTS ?? 'artifacts/screenshots';

test('step 8: Next says why it is disabled (360 px touch, then 1280 px)', async ({ browser }) => {
  const context = await browser.newContext({
    storageState: english,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await registerAs(page, 'Student', { email: `step8-${Date.now()}@example.com`, open: false });
  const [offer] = (await (await page.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  await completeApplication(page.request, 'Stepeight', offer!.id);

  await page.goto('/Student/Infoform?step=8');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Facebook' }).tap();
  await expect(next).toBeDisabled();
  const reason = 'Next is not available yet. Please select at least one option.';
  await expect(next).toHaveAccessibleDescription(reason);
  await expect(page.getByText(reason)).toBeVisible();
  await expectAccessible(page);
  await next.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/step8-next-reason-360.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await waitForLayout(page, 1280);
  await next.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/step8-next-reason-1280.png` });
  await page.getByRole('checkbox', { name: 'Facebook' }).click();
  await expect(next).toBeEnabled();
  await expect(page.getByText(reason)).toHaveCount(0);
  await context.close();
});
