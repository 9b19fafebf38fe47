import { expect, type Page, test } from '@playwright/test';
import { english, expectAccessible, keepLanguage, SCREENSHOTS, signIn } from '../support';

// The maintenance screen on a phone (360 px) and a desktop (1280 px): usable without sideways
// scrolling of the page, and screenshots of the list and the open form to look at.

test.use({ storageState: english });
// Each screen is a full load with the shared demo admin: specs beside this one save its language.
test.beforeEach(({ page }) => keepLanguage(page, 'en'));

const SCREENS = [
  ['/Admin/Universities', 'University Maintenance'],
  ['/Admin/UniversityCourses', "University's Course Maintenance"],
  ['/Admin/Courses', 'Course Maintenance'],
  ['/Admin/CourseLevels', 'Course Level Maintenance'],
  ['/Admin/CourseCategories', 'Course Category Maintenance'],
  ['/Admin/DocumentType', 'Document Type Maintenance'],
  ['/Admin/Students', 'Student Maintenance'],
] as const;

/** The page itself never scrolls sideways (the grid scrolls inside its own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Transitions finished (the shell animates its sidebar offset), so the picture shows the settled page. */
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage, animations: 'disabled' });

for (const width of [360, 1280]) {
  test(`the maintenance screens at ${width} px`, async ({ page }) => {
    // Eleven screens, each opened and drawn twice: near the 60 s limit on a busy run (notes).
    test.slow();
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await signIn(page, 'admin@demo.local');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Admin' })).toBeVisible();
    await expect(page.getByRole('link', { name: /\d+ Universities/ })).toHaveAttribute(
      'href',
      '/Admin/Universities',
    );
    await expect(page.getByText('Loading...')).toBeHidden();
    await expectAccessible(page);
    await shot(page, `admin-dashboard-${width}`, true);

    for (const [path, title] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('table', { name: title }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Find' })).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Page number' })).toBeVisible();
      await expectNoPageOverflow(page);
    }

    await page.goto('/Admin/Universities');
    await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
    await shot(page, `maintenance-universities-${width}-list`, true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit University' });
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveValue('');
    await expect(form.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `maintenance-universities-${width}-form`);
    await form.getByRole('button', { name: 'Save' }).scrollIntoViewIfNeeded();
    await expect(form.getByRole('button', { name: 'Save' })).toBeInViewport();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/Admin/UniversityCourses');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('dialog', { name: "Add University's Course" })).toBeVisible();
    await shot(page, `maintenance-university-courses-${width}-form`);
  });
}

test('item 14: the grid columns keep their widths when the first page arrives (1280 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.local');
  // Hold the first list answer back, to see the grid while it loads.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/University/getListByPage', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/Admin/Universities');
  const grid = page.getByRole('table', { name: 'University Maintenance' });
  await expect(page.getByText('Loading...')).toBeVisible();
  const widths = () =>
    grid
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().width)));
  const loading = await widths();
  await shot(page, 'maintenance-universities-1280-loading');
  const footerWhileLoading = await page.getByText(/^\d+ items?$/).count();
  release();
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
  await shot(page, 'maintenance-universities-1280-loaded');
  const loaded = await widths();
  expect(loaded).toHaveLength(6);
  expect(footerWhileLoading, "the footer said '0 items' while loading").toBe(0);
  for (const [i, w] of loaded.entries())
    expect(Math.abs(w - (loading[i] ?? 0)), `column ${i}`).toBeLessThanOrEqual(2);
});
