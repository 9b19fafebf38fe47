import { expect, type Page, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { english, signInFromLanding } from '../support';

// Issue 20 item 4, "grids that keep your place", driven as an admin would: after a save the filter
// stays; the saved row, if the filter shows it, is selected on the page that holds it; if the
// filter hides it, page 1 and a notice. Application Forms keeps its name filter over a reload and
// the back button (in the history entry, not the address: DESIGN 5).

test.use({ storageState: english });

const SHOTS = '/work/lanes/shots/gridplace20';
const notice = 'Saved, but hidden by the filter.';

/** Twelve course categories named `key NN` (two pages), through the API; their ids. */
async function twelveCategories(page: Page, key: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= 12; i++) {
    const res = await page.request.post('/api/CourseCategory/add', {
      data: { name: `${key} ${String(i).padStart(2, '0')}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push((await res.json()).id);
  }
  return ids;
}

async function removeCategories(page: Page, ids: number[]) {
  for (const id of ids) await page.request.post('/api/CourseCategory/delete', { data: { id } });
}

async function addCategory(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add Course Category' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
}

async function keepPlace(page: Page, label: string, shot: string) {
  await signInFromLanding(page, 'admin@demo.local');
  const key = `Keep${label}${stamp()}`;
  const ids = await twelveCategories(page, key);
  await page.goto(`/Admin/CourseCategories?q=${key}`);
  const grid = page.getByRole('table', { name: 'Course Category Maintenance' });
  await expect(grid.getByRole('cell', { name: `${key} 01` })).toBeVisible();

  await addCategory(page, `${key} 13`);
  // The thirteenth matching row is on page 2, selected; the filter stays.
  const saved = grid.getByRole('row', { name: new RegExp(`${key} 13$`) });
  await expect(saved).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(key);

  const hiddenName = `Hidden${label}${stamp()}`;
  await addCategory(page, hiddenName);
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await expect(grid.getByRole('row', { name: new RegExp(`${key} 01$`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(key);
  await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });

  const hidden = await page.request.post('/api/CourseCategory/getId', {
    data: {
      operator: 'AND',
      conditions: [{ field: 'name', operator: 'EQ', value: hiddenName }],
      groups: [],
    },
  });
  const more = [
    (
      await page.request.post('/api/CourseCategory/getId', {
        data: {
          operator: 'AND',
          conditions: [{ field: 'name', operator: 'EQ', value: `${key} 13` }],
          groups: [],
        },
      })
    ).json(),
    hidden.json(),
  ];
  await removeCategories(page, [...ids, ...((await Promise.all(more)) as number[])]);
}

test('after a save the grid keeps its filter and opens the saved row, or says the filter hides it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepPlace(page, 'D', 'keep-place-1280.png');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  test('the same, at 360 px with touch', async ({ page }) => {
    await keepPlace(page, 'P', 'keep-place-360.png');
  });
});

test('Application Forms keeps its name filter over a reload and the back button', async ({ page }) => {
  await signInFromLanding(page, 'admin@demo.local');
  await page.goto('/Admin/ApplicationForms');
  const filter = page.getByRole('textbox', { name: 'Filter by Name' });
  const name = `Malika${stamp()}`;
  await filter.fill(name);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('No data available.')).toBeVisible();
  // A name is personal data: it stays out of the address (DESIGN 5).
  expect(page.url()).not.toContain(name);

  await page.reload();
  await expect(filter).toHaveValue(name);
  await expect(page.getByText('No data available.')).toBeVisible();

  await page.goto('/Admin/Universities');
  await expect(page.getByRole('heading', { level: 1, name: 'University Maintenance' })).toBeVisible();
  await page.goBack();
  await expect(filter).toHaveValue(name);
  await expect(page.getByText('No data available.')).toBeVisible();
});
