import { expect, type Locator, type Page, test } from '@playwright/test';
import { createStudent, stamp } from '../agent/students-api';
import { english, expectAccessible, signIn } from '../support';

// Every admin maintenance screen, driven through the UI like an admin would: create (after a
// refused empty save), find by filter, edit, delete. One list of screens, one test body.

test.use({ storageState: english });

type TScreen = {
  path: string;
  title: string;
  noun: string;
  /** Prepares what the row needs (e.g. a course to attach) and returns the text to filter on. */
  prepare?: (page: Page, key: string) => Promise<string>;
  /** Fills the Add form for a row found by `key`. */
  fill: (form: Locator, page: Page, key: string) => Promise<void>;
  /** Changes the row in the Edit form; returns the filter text and a cell text that shows the change. */
  change: (form: Locator, key: string) => Promise<{ filter: string; cell: string }>;
};

const field = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });
const choose = async (form: Locator, page: Page, name: string, option: string) => {
  const box = form.getByRole('combobox', { name, exact: true });
  await box.click();
  if ((await box.getAttribute('readonly')) === null) await box.fill(option);
  await page.getByRole('option', { name: option }).first().click();
};
const rename = async (form: Locator, key: string) => {
  await field(form, 'Name').fill(`${key} edited`);
  return { filter: `${key} edited`, cell: `${key} edited` };
};
const named = (path: string, title: string, noun: string): TScreen => ({
  path,
  title,
  noun,
  fill: (form, _page, key) => field(form, 'Name').fill(key),
  change: rename,
});

async function apiId(page: Page, url: string, data: object): Promise<number> {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id;
}

const SCREENS: TScreen[] = [
  named('/Admin/DocumentType', 'Document Type Maintenance', 'Document Type'),
  named('/Admin/CourseLevels', 'Course Level Maintenance', 'Course Level'),
  named('/Admin/CourseCategories', 'Course Category Maintenance', 'Course Category'),
  {
    path: '/Admin/Courses',
    title: 'Course Maintenance',
    noun: 'Course',
    fill: async (form, page, key) => {
      await field(form, 'Name').fill(key);
      await choose(form, page, 'Level', "Master's Degree");
      await choose(form, page, 'Category', 'Computing & IT');
    },
    change: rename,
  },
  {
    path: '/Admin/Universities',
    title: 'University Maintenance',
    noun: 'University',
    fill: async (form, _page, key) => {
      await field(form, 'Name').fill(key);
      await field(form, 'Email').fill('office@e2e.test');
      await field(form, 'Phone').fill('+60 3 1234 5678');
      await field(form, 'Fax').fill('+60 3 1234 5679');
      await field(form, 'Address').fill('Jalan Ampang 1, Kuala Lumpur');
      await field(form, 'Website').fill('e2e-university.test');
    },
    change: rename,
  },
  {
    path: '/Admin/UniversityCourses',
    title: "University's Course Maintenance",
    noun: "University's Course",
    // The grid filters on course.name: a course of its own makes the row easy to find.
    prepare: async (page, key) => {
      const levels = await (await page.request.get('/api/CourseLevel/allAsync')).json();
      const categories = await (await page.request.get('/api/CourseCategory/allAsync')).json();
      await apiId(page, '/api/Course/addCourse', {
        name: key,
        levelId: levels[0].id,
        categoryId: categories[0].id,
      });
      return key;
    },
    fill: async (form, page, key) => {
      await choose(form, page, 'University', 'Sunway University');
      await choose(form, page, 'Course', key);
      await form.getByRole('textbox', { name: 'Duration' }).fill('24');
      await form.getByRole('textbox', { name: 'Price' }).fill('30000');
      await form.getByRole('textbox', { name: 'Required score' }).fill('6');
    },
    change: async (form, key) => {
      await form.getByRole('textbox', { name: 'Duration' }).fill('36');
      return { filter: key, cell: '36 months' };
    },
  },
];

async function openScreen(page: Page, screen: { path: string; title: string }) {
  await signIn(page, 'admin@demo.local', { open: false });
  await page.goto(screen.path);
  await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeHidden();
}

async function find(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(text);
  await page.getByRole('button', { name: 'Find' }).click();
}

const grid = (page: Page, title: string) => page.getByRole('table', { name: title });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

for (const screen of SCREENS) {
  test(`${screen.title}: create, find, edit and delete through the UI`, async ({ page }) => {
    const key = `E2E ${screen.noun} ${stamp()}`;
    await openScreen(page, screen);
    const filterText = screen.prepare ? await screen.prepare(page, key) : key;

    await button(page, 'Add').click();
    let form = page.getByRole('dialog', { name: `Add ${screen.noun}` });
    await expect(form).toBeVisible();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please fill in this field').first()).toBeVisible();
    await expect(form).toBeVisible();
    await screen.fill(form, page, key);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Item saved successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    await find(page, filterText);
    const rows = grid(page, screen.title).getByRole('row');
    await expect(rows).toHaveCount(2); // the header and our row
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]q=/);

    await button(page, 'Edit').click();
    form = page.getByRole('dialog', { name: `Edit ${screen.noun}` });
    await expect(form).toBeVisible();
    const { filter, cell } = await screen.change(form, key);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await find(page, filter);
    await expect(grid(page, screen.title).getByRole('cell', { name: cell, exact: true })).toBeVisible();
    // A new filter drops the selection until its answer selects the first row again: a click on
    // Delete in between lands on a disabled button (seen once on the loaded machine).
    await expect(grid(page, screen.title).getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');

    // Even then, the click may meet the old answer's selection just before the new answer
    // replaces it (seen in CI: no dialog, the row selected again a moment later): click again until
    // the confirmation opens (never while it is open).
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    await expect(async () => {
      if (!(await confirm.isVisible())) await button(page, 'Delete').click({ timeout: 2_000 });
      await expect(confirm.getByText('Are you sure you want to delete the selected item?')).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 15_000 });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Item deleted successfully!')).toBeVisible();
    await expect(page.getByText('No data available.')).toBeVisible();
    await expect(button(page, 'Edit')).toBeDisabled();
  });
}

test('Student Maintenance (admin): find a student by first name and delete them; Add and Edit open the form page', async ({
  page,
}) => {
  const screen = { path: '/Admin/Students', title: 'Student Maintenance' };
  await openScreen(page, screen);
  const firstName = `Zarina${stamp()}`;
  await createStudent(page.request, firstName);
  await expect(button(page, 'Add')).toBeEnabled();

  await find(page, firstName);
  await expect(grid(page, screen.title).getByRole('cell', { name: firstName, exact: true })).toBeVisible();
  // Issue 9: an admin corrects a student through the same wizard (the form page takes the id).
  await button(page, 'Edit').click();
  await expect(page).toHaveURL(/\/Admin\/Students\/FormPage\?studentId=\d+(&step=\d+)?$/);
  await page.goBack();
  await find(page, firstName);
  await expect(grid(page, screen.title).getByRole('cell', { name: firstName, exact: true })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByText('Female')).toBeVisible();
  await expectAccessible(page);

  await button(page, 'Delete').click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted successfully!')).toBeVisible();
  await expect(page.getByText('No data available.')).toBeVisible();
});

test('a required field left empty shows its message and nothing is saved', async ({ page }) => {
  const screen = SCREENS.find((s) => s.path === '/Admin/Universities')!;
  const key = `E2E Unsaved ${stamp()}`;
  await openScreen(page, screen);
  await button(page, 'Add').click();
  const form = page.getByRole('dialog', { name: 'Add University' });
  await screen.fill(form, page, key);
  await field(form, 'Fax').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(field(form, 'Fax')).toHaveAccessibleDescription('Please fill in this field');
  await expect(form.getByText('Please fill in this field')).toHaveCount(1);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await find(page, key);
  await expect(page.getByText('No data available.')).toBeVisible();
  const count = await page.request.post('/api/University/count', {
    data: { operator: 'AND', conditions: [{ field: 'name', operator: 'EQ', value: key }], groups: [] },
  });
  expect(await count.json()).toBe(0);
});

test('deleting a level still used by a course shows the refusal and keeps the row', async ({ page }) => {
  const screen = { path: '/Admin/CourseLevels', title: 'Course Level Maintenance' };
  await openScreen(page, screen);
  const level = `E2E Level in use ${stamp()}`;
  const levelId = await apiId(page, '/api/CourseLevel/add', { name: level });
  const categories = await (await page.request.get('/api/CourseCategory/allAsync')).json();
  await apiId(page, '/api/Course/addCourse', {
    name: `${level} course`,
    levelId,
    categoryId: categories[0].id,
  });

  await find(page, level);
  await expect(grid(page, screen.title).getByRole('cell', { name: level })).toBeVisible();
  await button(page, 'Delete').click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Failed to delete item: .*course/)).toBeVisible();
  await expect(grid(page, screen.title).getByRole('cell', { name: level })).toBeVisible();
  expect((await page.request.get(`/api/CourseLevel/${levelId}`)).status()).toBe(200);
});
