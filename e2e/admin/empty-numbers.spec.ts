import { expect, test } from '@playwright/test';
import { english, SCREENSHOTS, signIn } from '../support';

// Issue 8 item 9: on University's Course Maintenance, Save with Price and Required score left
// empty says "required" for both and saves nothing (it used to store a course at 0 MYR).

test.use({ storageState: english });

for (const width of [360, 1280]) {
  test(`University's Course: empty numbers are required, nothing is saved (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await signIn(page, 'admin@demo.local', { open: false });
    await page.goto('/Admin/UniversityCourses');
    await expect(page.getByText('Loading...')).toBeHidden();
    const before = await (await page.request.post('/api/UniversityCourse/count', { data: null })).json();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const form = page.getByRole('dialog', { name: "Add University's Course" });
    await form.getByRole('combobox', { name: 'University', exact: true }).click();
    await page.getByRole('option', { name: 'Sunway University' }).first().click();
    await form.getByRole('combobox', { name: 'Course', exact: true }).click();
    await page.getByRole('option').locator('visible=true').first().click();
    await form.getByRole('textbox', { name: 'Duration' }).fill('24');
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(form.getByRole('textbox', { name: 'Price' })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    await expect(form.getByRole('textbox', { name: 'Required score' })).toHaveAccessibleDescription(
      'Please fill in this field',
    );
    await expect(page.getByText('Item saved successfully!')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/university-course-empty-numbers-${width}.png` });
    const after = await (await page.request.post('/api/UniversityCourse/count', { data: null })).json();
    expect(after).toBe(before);
  });
}
