import { expect, type Locator, type Page, test } from '@playwright/test';
import { pdfFile } from '../../apps/api/test/documents/samples';
import { stamp } from '../agent/students-api';
import { completeApplication } from '../applications-api';
import { english, expectAccessible, registerAs, SCREENSHOTS, signIn, waitForLayout } from '../support';

// Issue 12, the admin side: the admin moves a student's application to Documents requested through
// the Application Forms screen (status panel); the student, signed in in another browser context,
// sees the bell and the request live (latency printed; fails above 5 s), uploads the document, and
// the admin's open screen shows the application back under review. Then the admin overview.

test.use({ storageState: english });

const badgeIn = (scope: Locator, label: string) => scope.locator('.mantine-Badge-label', { hasText: label });
const bellIcon = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByTestId('live-bell');

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the admin requests documents from Application Forms; the student answers; the admin sees it back under review', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A new student account of its own (the demo student is shared with specs running in parallel).
  const studentContext = await browser.newContext({ storageState: english });
  const student = await studentContext.newPage();
  await registerAs(student, 'Student', { email: `adminstatus-${stamp()}@example.com`, open: false });
  const [offer] = (await (await student.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const firstName = `Adminstatus${stamp()}`;
  const studentId = await completeApplication(student.request, firstName, offer!.id);
  expect((await student.request.post('/api/Stage/confirm', { data: { studentId } })).status()).toBe(200);
  await student.goto('/Student/Dashboard');
  const card = student.getByRole('article').first();
  await expect(badgeIn(card, 'Submitted')).toBeVisible();
  await expect(
    student.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Notifications/ }),
  ).toHaveAccessibleDescription(/Live updates: connected/, { timeout: 15_000 });

  // The admin finds the application on Application Forms by the student's name.
  const adminContext = await browser.newContext({ storageState: english });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.local', { open: false });
  await admin.goto('/Admin/ApplicationForms');
  await admin.getByRole('textbox', { name: 'Filter by Name' }).fill(firstName);
  await admin.getByRole('button', { name: 'Find' }).click();
  const row = admin.getByRole('row', { name: new RegExp(firstName) });
  await expect(row).toHaveCount(1);
  await expect(badgeIn(row, 'Submitted')).toBeVisible();
  const panel = admin.getByRole('region', { name: 'Status', exact: true });
  await expect(badgeIn(panel, 'Submitted')).toBeVisible();

  // Submitted → Under review: the only move offered.
  await choose(admin, panel, 'Move to', 'Under review');
  await panel.getByRole('button', { name: 'Change status' }).click();
  await expect(badgeIn(panel, 'Under review')).toBeVisible();
  await expect(badgeIn(row, 'Under review')).toBeVisible();
  await expect(badgeIn(card, 'Under review')).toBeVisible();
  // The admin's own move can be undone (not now: it is the step the e2e builds on).
  await expect(panel.getByRole('button', { name: 'Undo “Under review”' })).toBeVisible();

  // Under review → Documents requested, with a free-text request and a message.
  await choose(admin, panel, 'Move to', 'Documents requested');
  await expect(panel.getByRole('checkbox', { name: /Internal note/ })).toBeDisabled();
  await choose(admin, panel, 'Document 1', 'Other (describe it)');
  await panel.getByRole('textbox', { name: 'Describe document 1' }).fill('Bank statement');
  await panel
    .getByRole('textbox', { name: /Message to the applicant/ })
    .fill('Please send a recent bank statement.');
  await panel.screenshot({ path: `${SCREENSHOTS}/admin-status-control.png` });
  const started = Date.now();
  await panel.getByRole('button', { name: 'Change status' }).click();
  const slot = card.getByRole('group', { name: /Bank statement/ });
  await expect(slot).toBeVisible({ timeout: 5000 });
  const latency = Date.now() - started;
  console.log(
    `admin's documents request (Application Forms) → the request on the student's dashboard: ${latency} ms`,
  );
  expect(latency).toBeLessThan(5000);
  await expect(bellIcon(student)).toHaveAttribute('data-highlighted', 'true');
  await expect(badgeIn(card, 'Documents requested')).toBeVisible();
  await expect(badgeIn(panel, 'Documents requested')).toBeVisible();
  const requests = panel.getByRole('list', { name: 'Requested documents (open: 1)' });
  await expect(requests).toContainText('not answered yet');

  await expectAccessible(admin);
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 1000 });
    await waitForLayout(admin, width);
    await admin.screenshot({ path: `${SCREENSHOTS}/admin-status-list-${width}.png` });
    await panel.screenshot({ path: `${SCREENSHOTS}/admin-status-panel-${width}.png` });
  }

  // The student answers; the admin's open screen follows live.
  await slot.getByLabel('Choose a file for Bank statement').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: pdfFile(),
  });
  // Answered, the application is under review again: the slot keeps the file, replaceable until a
  // decision (issue 20 item 6).
  await expect(slot.getByText('statement.pdf', { exact: true })).toBeVisible();
  await expect(badgeIn(card, 'Under review')).toBeVisible();
  await expect(badgeIn(panel, 'Under review')).toBeVisible({ timeout: 10_000 });
  await expect(badgeIn(row, 'Under review')).toBeVisible();
  const answered = panel.getByRole('list', { name: 'Requested documents (open: 0)' });
  await expect(answered).toContainText('statement.pdf');
  // The admin downloads the answer.
  const download = admin.waitForEvent('download');
  await answered.getByRole('button', { name: 'Download statement.pdf (answer to Bank statement)' }).click();
  expect((await download).suggestedFilename()).toBe('statement.pdf');
  // The history shows the system's return to review, newest first.
  await expect(panel.getByRole('list', { name: 'History' }).getByRole('listitem').first()).toContainText(
    'Under review',
  );

  // The overview on the dashboard: counts by status link to the filtered list.
  await admin.setViewportSize({ width: 1280, height: 1000 });
  await admin.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  const counts = admin.getByRole('region', { name: 'Applications by status' });
  await expect(counts.getByRole('link', { name: /^Under review \d+/ })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Waiting longest' })).toBeVisible();
  await expectAccessible(admin);
  for (const width of [360, 1280]) {
    await admin.setViewportSize({ width, height: 1000 });
    await waitForLayout(admin, width);
    await admin.screenshot({ path: `${SCREENSHOTS}/admin-status-overview-${width}.png`, fullPage: true });
  }
  await admin.setViewportSize({ width: 1280, height: 1000 });
  await counts.getByRole('link', { name: /^Under review \d+/ }).click();
  await expect(admin).toHaveURL(/\/Admin\/ApplicationForms\?status=underReview/);
  await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveValue('Under review');
  await expect(admin.getByRole('row').nth(1)).toBeVisible();
  for (const r of await admin.getByRole('row').all()) {
    if ((await r.getByRole('cell').count()) > 0) await expect(badgeIn(r, 'Under review')).toBeVisible();
  }

  await adminContext.close();
  await studentContext.close();
});
