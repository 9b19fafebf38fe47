import { type Browser, expect, type Page, test } from '@playwright/test';
import { createStudent, stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, signIn, waitForLayout } from '../support';

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
  await signIn(page, 'admin@demo.local', { open: false });
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
  await signIn(page, 'admin@demo.local', { open: false });
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

// The admin's Students screen opens a form page (the wizard) for Add and Edit: back from it, the
// list keeps its name filter (history state, not the address) and opens the page that holds the
// student the page saved, selected; a student the filter no longer shows leaves page 1 and a notice.

const STUDENT_SHOTS = '/work/lanes/keepplace20-shots';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Thirteen of the agent's students named `key…` (two pages): eleven plain, then two ready to confirm. */
async function thirteenStudents(browser: Browser, key: string) {
  const context = await browser.newContext({ storageState: english });
  const agent = await context.newPage();
  await signIn(agent, 'agent@demo.local', { open: false });
  for (let i = 1; i <= 11; i++) await createStudent(agent.request, `${key}${String(i).padStart(2, '0')}`);
  const [offer] = (await (await agent.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const kept = await completeApplication(agent.request, `${key}Y`, offer!.id);
  const renamed = await completeApplication(agent.request, `${key}Z`, offer!.id);
  await context.close();
  return { kept, renamed };
}

/** On the form page of a student ready to confirm: `field` of step 1 changed, saved, then Confirm. */
async function editAndConfirm(page: Page, field: RegExp, value: string) {
  await expect(page.getByRole('heading', { level: 2, name: 'Review and Confirm' })).toBeVisible();
  await page.getByRole('button', { name: /^Step 1 of 10/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
  await page.getByRole('textbox', { name: field }).fill(value);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeVisible();
  await page.getByRole('button', { name: /^Step 10 of 10/ }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByRole('link', { name: 'Back to the students list' }).click();
}

/** The list filtered on `key`, on page 2, with `name`'s row tapped (selected), then Edit. */
async function editFromPageTwo(page: Page, key: string, name: string, touch: boolean) {
  const grid = page.getByRole('table', { name: 'Student Maintenance' });
  await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(key);
  if (!/page=2/.test(page.url())) await page.getByRole('button', { name: 'Next page' }).click();
  const cell = grid.getByRole('cell', { name, exact: true });
  if (touch) await cell.tap();
  else await cell.click();
  await expect(
    grid.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }),
  ).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/Students\/FormPage\?studentId=\d+/);
}

/** The list in Uzbek at this width, as the reader's choice (the shared admin's account keeps English). */
async function shotInUzbek(page: Page, width: number, name: string) {
  await page.route('**/api/auth/me/language', (route) => route.abort());
  await page.evaluate(() => {
    localStorage.setItem('appLanguage', 'uz');
    localStorage.setItem('appLanguageChosenSignedOut', '1');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expect(page.getByRole('table').locator('[aria-selected="true"]')).toBeVisible();
  await waitForLayout(page, width);
  await page.screenshot({ path: `${STUDENT_SHOTS}/${name}`, fullPage: true });
}

async function studentsKeepPlace(page: Page, browser: Browser, touch: boolean) {
  const key = `Kp${stamp()}`;
  const { kept, renamed } = await thirteenStudents(browser, key);
  await signIn(page, 'admin@demo.local', { open: false });
  await page.goto('/Admin/Students');
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(key);
  await page.getByRole('button', { name: 'Find' }).click();
  const grid = page.getByRole('table', { name: 'Student Maintenance' });
  await expect(grid.getByRole('cell', { name: `${key}01`, exact: true })).toBeVisible();

  // Edited from page 2 and still matching: back on page 2, that student selected, the filter kept.
  await editFromPageTwo(page, key, `${key}Y`, touch);
  await editAndConfirm(page, /^Last Name/, 'Editova');
  const row = grid.getByRole('row').filter({ has: page.getByRole('cell', { name: `${key}Y`, exact: true }) });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row.getByRole('cell', { name: 'Editova' })).toBeVisible();
  await expect(page).toHaveURL(/\/Admin\/Students\?(.*&)?page=2(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]selected=${kept}(&|$)`));
  await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(key);
  // The name stays out of the address (DESIGN 5).
  expect(page.url()).not.toContain(key);
  await expect(page.getByText(notice)).toHaveCount(0);
  return { key, renamed, grid };
}

test.describe('admin Students, back from the form page', () => {
  test.describe('on a phone', () => {
    test.use(PHONE);
    test('at 360 px with touch: the edited student selected on its page, or the notice', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const { key, renamed, grid } = await studentsKeepPlace(page, browser, true);

      // Renamed so the filter no longer shows them: page 1, the filter kept, the notice.
      await editFromPageTwo(page, key, `${key}Z`, true);
      await expect(page).toHaveURL(new RegExp(`studentId=${renamed}`));
      await editAndConfirm(page, /^First Name/, `Gone${stamp()}`);
      await expect(page.getByText(notice)).toBeVisible();
      await expect(page).not.toHaveURL(/page=/);
      await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(key);
      const first = grid
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: `${key}01`, exact: true }) });
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(grid.getByRole('cell', { name: `${key}Z`, exact: true })).toHaveCount(0);
      await page.screenshot({ path: `${STUDENT_SHOTS}/students-hidden-notice-360.png`, fullPage: true });
    });

    test('screenshot in Uzbek at 360 px: the list back from the form page, the student selected', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      await studentsKeepPlace(page, browser, true);
      await shotInUzbek(page, 360, 'students-back-selected-uz-360.png');
    });
  });

  test('at 1280 px: the edited student selected on its page (screenshot in Uzbek)', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await studentsKeepPlace(page, browser, false);
    await shotInUzbek(page, 1280, 'students-back-selected-uz-1280.png');
  });
});
