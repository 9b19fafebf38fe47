import { expect, test } from '@playwright/test';
import { stamp } from '../agent/students-api';
import { english, expectAccessible, signInFromLanding } from '../support';

test.use({ storageState: english });

test("an admin corrects an agent's student's guardian through the wizard from the admin Students screen", async ({
  page,
  browser,
}) => {
  // The agent's student, with a guardian, made through the API as the wizard saves them.
  const agent = await browser.newContext({ storageState: english });
  const agentPage = await agent.newPage();
  await signInFromLanding(agentPage, 'agent@demo.local');
  const firstName = `Guard${stamp()}`;
  const info = await agentPage.request.post('/api/StudentInfo/CreateOrUpdate?stage=2&studentId=0', {
    data: {
      firstName,
      lastName: 'Testova',
      passportSeries: 'AB',
      passportNumber: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
      gender: 1,
      dateOfBirth: '2005-04-12',
      email: `${firstName.toLowerCase()}@mail.test`,
      address: 'Navoi street 1',
      city: 'Tashkent',
      postCode: '100000',
      race: 'Uzbek',
      phoneNumber: '+998901234567',
      country: 0,
    },
  });
  expect(info.status(), await info.text()).toBe(200);
  const studentId: number = (await info.json()).id;
  const guardian = await agentPage.request.post(
    `/api/StudentGuardian/CreateOrUpdate?stage=3&studentId=${studentId}`,
    {
      data: {
        studentId,
        firstName: 'Karim',
        lastName: 'Parentov',
        relationship: 0,
        occupation: 'Teacher',
        phoneNumber: '+998901234568',
        email: `${firstName.toLowerCase()}.parent@mail.test`,
        address: 'Navoi street 1',
      },
    },
  );
  expect(guardian.status(), await guardian.text()).toBe(200);
  await agent.close();

  await signInFromLanding(page, 'admin@demo.local');
  await page.goto('/Admin/Students');
  await expect(page.getByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(firstName);
  await page.getByRole('button', { name: 'Find' }).click();
  const grid = page.getByRole('table', { name: 'Student Maintenance' });
  await expect(grid.getByRole('cell', { name: firstName, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Students/FormPage\\?studentId=${studentId}$`));

  // The wizard opens at the stored stage (3: the emergency contact); the stepper goes back to step 2.
  await expect(page.getByRole('heading', { level: 2, name: 'Emergency Contact' })).toBeVisible();
  await page.getByRole('button', { name: /^Step 2 of 10/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Parent/Guardian' })).toBeVisible();
  const occupation = page.getByRole('textbox', { name: /^Occupation/ });
  await expect(occupation).toHaveValue('Teacher');
  await expectAccessible(page);
  await occupation.fill('Engineer');
  await page.getByRole('button', { name: 'Next' }).click();
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
