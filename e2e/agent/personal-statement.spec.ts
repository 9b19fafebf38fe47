import { expect, test } from '@playwright/test';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, registerNewAgent, SCREENSHOTS } from '../support';
import { stamp } from './students-api';

// Issue 19 item 1: the personal statement typed in step 8 (Other Information) appears on the review
// step, drawn there from the shared application description. An agent of its own, with a whole
// application saved through the API, so nothing another spec does meets it.

test.use({ storageState: english });

const STATEMENT = 'I want to build bridges in Samarqand.\nMy father is an engineer.';

for (const width of [1280, 360]) {
  test(`a personal statement typed in step 8 shows on the review step, at ${width} px`, async ({ page }) => {
    test.slow(); // a new account and a whole application through the API
    await page.setViewportSize({ width, height: 900 });
    await registerNewAgent(page, `statement-${width}`, { open: false });
    const [offer] = (await (await page.request.get('/api/UniversityCourse/allAsync')).json()) as {
      id: number;
    }[];
    const studentId = await completeApplication(page.request, `Statement${stamp()}`, offer!.id);
    await page.goto(`/Agent/Students/FormPage?studentId=${studentId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Review and Confirm' })).toBeVisible();
    await page.getByRole('button', { name: 'Change Other Information' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Other Information' })).toBeVisible();

    const field = page.getByRole('textbox', { name: /^Personal Statement/ });
    await expect(field).toHaveAccessibleDescription(/up to 2,000 characters.*0 of 2,000 characters/);
    await field.fill(STATEMENT);
    await expect(field).toHaveAccessibleDescription(new RegExp(`${STATEMENT.length} of 2,000 characters`));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Course Selection' })).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Review and Confirm' })).toBeVisible();

    const other = page.getByRole('region', { name: 'Other Information' });
    await expect(other.getByText('Personal Statement', { exact: true })).toBeVisible();
    await expect(other).toContainText('I want to build bridges in Samarqand.');
    await expect(other).toContainText('My father is an engineer.');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await other.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/personal-statement-review-${width}.png`, fullPage: true });
  });
}
