import { expect, test } from '@playwright/test';
import { createStudentWithContacts, stamp } from '../agent/students-api';
import { english, expectAccessible, signIn } from '../support';

test.use({ storageState: english });

test("an admin corrects an agent's student's guardian through the wizard from the admin Students screen", async ({
  page,
  browser,
}) => {
  // The agent's student, with a guardian, made through the API as the wizard saves them.
  const agent = await browser.newContext({ storageState: english });
  const agentPage = await agent.newPage();
  await signIn(agentPage, 'agent@demo.local', { open: false });
  const firstName = `Guard${stamp()}`;
  const studentId = await createStudentWithContacts(agentPage.request, firstName, 3);
  await agent.close();

  await signIn(page, 'admin@demo.local', { open: false });
  await page.goto('/Admin/Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(firstName);
  await page.getByRole('button', { name: 'Find' }).click();
  const grid = page.getByRole('table', { name: 'Student Maintenance' });
  await expect(grid.getByRole('cell', { name: firstName, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Students/FormPage\\?studentId=${studentId}(&step=\\d+)?$`));

  // The wizard opens at the stored stage (3: the emergency contact); the stepper goes back to step 2.
  await expect(page.getByRole('heading', { level: 2, name: 'Emergency Contact' })).toBeVisible();
  await page.getByRole('button', { name: /^Step 2 of 10/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeVisible();
  const occupation = page.getByRole('textbox', { name: /^Occupation/ });
  await expect(occupation).toHaveValue('Teacher');
  await expectAccessible(page);
  await occupation.fill('Engineer');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Emergency Contact' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Emergency Contact' })).toBeVisible();
  await page.getByRole('button', { name: /^Step 2 of 10/ }).click();
  await expect(page.getByRole('textbox', { name: /^Occupation/ })).toHaveValue('Engineer');
  await expect(page.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Karim');
  await expect(page.getByText('Draft restored')).toHaveCount(0);

  // Stored: the review the wizard reads shows the new occupation; the stage did not move back.
  const review = await page.request.get(`/api/Review/getReview?studentId=${studentId}`);
  expect(review.status()).toBe(200);
  expect((await review.json()).guardian).toMatchObject({ occupation: 'Engineer', firstName: 'Karim' });
  expect(await (await page.request.get(`/api/Stage/get?studentId=${studentId}`)).json()).toMatchObject({
    step: 3,
  });
});
