import { expect, type Page, test } from '@playwright/test';
import { english, registerAs, SCREENSHOTS, signIn } from '../support';

test.use({ storageState: english });

async function registerStudent(page: Page, email: string) {
  await registerAs(page, 'Student', { email });
}

async function signInByEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with this email' }).click();
}

/** The Users screen filtered to one account, with that account selected. */
async function findAccount(page: Page, email: string) {
  await page.goto('/Admin/Users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by name or e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  const grid = page.getByRole('table', { name: 'Users' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  return grid.getByRole('row').nth(1);
}

test('item 19: an admin disables a signed-in account, which lands on sign-in and cannot sign in until enabled', async ({
  browser,
}) => {
  // Register, lock out, refuse, enable and sign in again, in two browsers with screenshots: all of
  // it the subject (the admin's UI sign-in, set-up, becomes an HTTP one in e2e/support.ts). Under
  // load it ran out of 60 s while closing its browsers, every check passed.
  test.slow();
  const email = `lockout-${Date.now()}@example.com`;
  const studentContext = await browser.newContext({ storageState: english });
  const adminContext = await browser.newContext({ storageState: english });
  const student = await studentContext.newPage();
  const admin = await adminContext.newPage();
  try {
    await registerStudent(student, email);

    await signIn(admin, 'admin@demo.local', { open: false });
    const row = await findAccount(admin, email);
    await expect(row.getByRole('cell', { name: email })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Student', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    // Accounts are never added, edited or deleted here.
    for (const name of ['Add', 'Edit', 'Delete']) {
      await expect(admin.getByRole('button', { name, exact: true })).toHaveCount(0);
    }

    await admin.getByRole('button', { name: 'Disable' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disable account' });
    await expect(dialog).toContainText('They are signed out at once');
    await admin.setViewportSize({ width: 360, height: 800 });
    await admin.screenshot({ path: `${SCREENSHOTS}/admin-users-disable-360.png` });
    await admin.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(admin.getByText('Account disabled.')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Enable' })).toBeEnabled();

    // The student's next request is a 401: the browser lands on the sign-in page.
    await student
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Universities' })
      .click();
    await expect(student).toHaveURL(/\/login(\?|$)/);
    await expect(student.getByRole('heading', { level: 1 })).toBeVisible();

    // Signing in again is refused with the reason.
    await signInByEmail(student, email);
    await expect(student).toHaveURL(/\/login\?signInError=disabled$/);
    await expect(student.getByRole('alert')).toContainText('This account has been disabled.');
    await student.setViewportSize({ width: 360, height: 800 });
    await student.screenshot({ path: `${SCREENSHOTS}/sign-in-disabled-360.png`, fullPage: true });
    await admin.screenshot({ path: `${SCREENSHOTS}/admin-users-disabled-1280.png` });

    // Enabled again, the account signs in.
    await admin.getByRole('button', { name: 'Enable' }).click();
    await admin
      .getByRole('dialog', { name: 'Enable account' })
      .getByRole('button', { name: 'Enable' })
      .click();
    await expect(admin.getByText('Account enabled.')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
    await signInByEmail(student, email);
    await expect(student).toHaveURL(/\/Student\/Dashboard$/);
  } finally {
    await studentContext.close();
    await adminContext.close();
  }
});

test('item 19: the admin cannot disable their own account', async ({ page }) => {
  await signIn(page, 'admin@demo.local', { open: false });
  const row = await findAccount(page, 'admin@demo.local');
  await expect(row.getByRole('cell', { name: 'Administrator' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeDisabled();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/admin-users-${width}.png`, fullPage: true });
  }
});
