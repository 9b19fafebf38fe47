import { expect, test } from '@playwright/test';
import { english, expectAccessible, registerAs, signIn } from '../support';
import { createStudent, stamp } from './students-api';

test.use({ storageState: english });

test("the agent's Student Maintenance lists only their own students; Add and Edit open the form page", async ({
  page,
  browser,
}) => {
  // Another agent, registered with a new email, and a student of theirs.
  const other = await browser.newContext({ storageState: english });
  const otherPage = await other.newPage();
  await registerAs(otherPage, 'Agent', { email: `agent-${stamp()}@example.com`, open: false });
  const othersStudent = `Other${stamp()}`;
  const othersId = await createStudent(otherPage.request, othersStudent);
  await other.close();

  await signIn(page, 'agent@demo.local', { open: false });
  const ownStudent = `Own${stamp()}`;
  const ownId = await createStudent(page.request, ownStudent);
  await page.goto('/Agent/Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeVisible();
  const grid = page.getByRole('table', { name: 'Student Maintenance' });
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Email',
    'First Name',
    'Middle Name',
    'Last Name',
    'Passport',
    'Phone',
    'Progress',
    'Status',
  ]);
  // Issue 9: the agent sees their own agent id, and each student's progress (no stage yet: 0 of 10).
  await expect(page.getByText(/^Your agent id: \d+$/)).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const find = async (text: string) => {
    await page.getByRole('textbox', { name: 'Filter by Name' }).fill(text);
    await page.getByRole('button', { name: 'Find' }).click();
  };
  await find(othersStudent);
  await expect(page.getByText('No data available.')).toBeVisible();
  expect((await page.request.get(`/api/StudentInfo/${othersId}`)).status()).toBe(404);

  await find(ownStudent);
  await expect(grid.getByRole('cell', { name: ownStudent, exact: true })).toBeVisible();
  expect(page.url()).not.toContain(ownStudent); // a name is personal data: not in the address
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/Agent/Students/FormPage\\?studentId=${ownId}(&step=\\d+)?$`));

  // Back keeps the list as it was: the filter and the selected student.
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Filter by Name' })).toHaveValue(ownStudent);
  await expect(grid.getByRole('row').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/Agent\/Students\/FormPage(\?step=\d+)?$/);

  await page.goBack();
  await expect(grid.getByRole('cell', { name: ownStudent, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete item' });
  await expect(confirm.getByText('Are you sure you want to delete the selected item?')).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted successfully!')).toBeVisible();
  await expect(page.getByText('No data available.')).toBeVisible();
});
