import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { pdfFile, pngFile } from '../../apps/api/test/documents/samples';
import { english, expectAccessible, registerAs, SCREENSHOTS } from '../support';

test.use({ storageState: english, actionTimeout: 15_000 });

// A new student fills in all ten steps as a user would, with real small files, reloads half-way
// and confirms (issue 9; spec 2.5, 4, 9).

/** The files a student would pick, written to a temporary folder. */
function makeFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-apply-'));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const pdf = pdfFile();
  return {
    dir,
    certificate: write('bachelor-certificate.pdf', pdf),
    transcript: write('bachelor-transcript.pdf', pdf),
    ielts: write('ielts-certificate.pdf', pdf),
    photo: write('passport-photo.png', pngFile()),
    passportCopy: write('passport-copy.pdf', pdf),
    resume: write('resume.pdf', pdf),
  };
}

/** A new student account through the demo provider (no profile yet). */
async function registerStudent(page: Page) {
  await registerAs(page, 'Student', {
    email: `apply-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    firstName: 'Dilnoza',
    lastName: 'Rahimova',
  });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** A Mantine select: open it by its label, pick the option by its text. */
async function choose(page: Page, scope: Page | Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name: label })).toHaveValue(option);
}

/** Next, then the next step's title. */
async function next(page: Page, title: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(heading(page, title)).toBeVisible();
}

/** Shows the step at 360 px for a screenshot, then goes back to the desktop width. */
async function phoneScreenshot(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 780 });
  // The layout follows the width once React has re-rendered for the new media queries.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name} at 360 px scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/apply-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a new student completes the ten steps, resumes after a reload, confirms and sees the submitted dashboard', {
  tag: '@smoke',
}, async ({ page }) => {
  test.slow(); // three times the configured timeout: 180 s in the single-process run
  const files = makeFiles();
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerStudent(page);
  const start = page.getByRole('region', { name: 'Application progress' });
  await expect(start.getByText('0 of 10 steps completed')).toBeVisible();
  await start.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/\/Student\/Infoform(\?step=\d+)?$/);

  // 1. Personal information; the passport typed lower-case with a space is normalised.
  await expect(heading(page, 'Personal Information')).toBeVisible();
  await expectAccessible(page);
  const box = (name: RegExp) => page.getByRole('textbox', { name });
  await box(/^First Name/).fill('Dilnoza');
  await box(/^Last Name/).fill('Rahimova');
  await box(/^Passport/).pressSequentially('fa 7654321');
  await expect(box(/^Passport/)).toHaveValue('FA7654321');
  await box(/^Race/).fill('Uzbek');
  await choose(page, page, /^Gender/, 'Female');
  await box(/^Email/).fill('dilnoza@example.com');
  await box(/^Phone Number/).fill('+998901112233');
  await page.getByLabel(/^Date of Birth/).fill('2006-05-20');
  await choose(page, page, /^Country/, 'Uzbekistan');
  await box(/^City/).fill('Bukhara');
  await box(/^Postal Code/).fill('200100');
  await box(/^Address/).fill('Mustaqillik 12');
  await next(page, 'Parent/Guardian');

  // 2. Parent/guardian.
  await expectAccessible(page);
  await box(/^First Name/).fill('Rustam');
  await box(/^Last Name/).fill('Rahimov');
  await choose(page, page, /^Relationship/, 'Parent');
  await box(/^Occupation/).fill('Engineer');
  await box(/^Phone Number/).fill('+998901234500');
  await box(/^Email/).fill('rustam@example.com');
  await box(/^Address/).fill('Mustaqillik 12');
  await next(page, 'Emergency Contact');

  // 3. Emergency contact.
  await expectAccessible(page);
  await box(/^First Name/).fill('Malika');
  await box(/^Last Name/).fill('Rahimova');
  await choose(page, page, /^Relationship/, 'Brother or sister');
  await box(/^Phone Number/).fill('+998901234501');
  await next(page, 'Qualifications');

  // 4. One qualification; a bachelor's degree needs its transcript too.
  await expect(page.getByText('Please add at least one entry.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Qualification' }).click();
  const qualification = page.getByRole('dialog', { name: 'Add Qualification' });
  await expect(qualification).toBeVisible();
  await choose(page, qualification, /^Qualification Type/, "Bachelor's degree");
  await qualification.getByRole('textbox', { name: /^Year of Exam/ }).fill('2024');
  await qualification.getByRole('textbox', { name: /^Name of Examination/ }).fill('Computer Science');
  await qualification.getByRole('textbox', { name: /^Name of Institution/ }).fill('Bukhara State University');
  await qualification.getByRole('textbox', { name: /^Result/ }).fill('GPA 3.6');
  await qualification.getByLabel('Choose a file for Certificate').setInputFiles(files.certificate);
  await expect(qualification.getByRole('link', { name: 'bachelor-certificate.pdf' })).toBeVisible();
  await qualification.getByLabel('Choose a file for Transcript').setInputFiles(files.transcript);
  await expect(qualification.getByRole('link', { name: 'bachelor-transcript.pdf' })).toBeVisible();
  await expectAccessible(page);
  await qualification.getByRole('button', { name: 'Save' }).click();
  await expect(qualification).toBeHidden();
  const degree = page.getByRole('article', { name: "Bachelor's degree: Computer Science" });
  await expect(degree).toContainText('Bukhara State University');
  await expect(degree.getByRole('link', { name: 'Certificate' })).toBeVisible();
  await expect(degree.getByRole('link', { name: 'Transcript' })).toBeVisible();
  await expectAccessible(page);
  await phoneScreenshot(page, 'qualifications');
  await next(page, 'Language');

  // Half-way: a reload resumes at the stored stage (5), with the saved data behind it.
  await page.reload();
  await expect(heading(page, 'Language')).toBeVisible();
  await expect(page.getByText('Step 5 of 10', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Step 5 of 10: Language' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('button', { name: 'Step 6 of 10: Working Experience' })).toBeDisabled();
  await page.getByRole('button', { name: 'Step 4 of 10: Qualifications' }).click();
  await expect(page.getByRole('article', { name: "Bachelor's degree: Computer Science" })).toBeVisible();
  await page.getByRole('button', { name: 'Step 1 of 10: Personal Information' }).click();
  await expect(heading(page, 'Personal Information')).toBeVisible();
  await expect(box(/^Passport/)).toHaveValue('FA7654321');
  await expect(box(/^City/)).toHaveValue('Bukhara');
  await expect(page.getByRole('combobox', { name: /^Gender/ })).toHaveValue('Female');
  await page.getByRole('button', { name: 'Step 3 of 10: Emergency Contact' }).click();
  await expect(box(/^First Name/)).toHaveValue('Malika');
  await expect(page.getByText('Draft restored')).toHaveCount(0);
  await page.getByRole('button', { name: 'Step 5 of 10: Language' }).click();
  await expect(heading(page, 'Language')).toBeVisible();

  // 5. One language result with its certificate.
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Language' }).click();
  const language = page.getByRole('dialog', { name: 'Add Language' });
  await choose(page, language, /^Language Type/, 'IELTS');
  await language.getByRole('textbox', { name: /^Result/ }).fill('7.0');
  await language.getByRole('textbox', { name: /^Year of Exam/ }).fill('2025');
  await language.getByLabel('Choose a file for Certificate').setInputFiles(files.ielts);
  await expect(language.getByRole('link', { name: 'ielts-certificate.pdf' })).toBeVisible();
  await language.getByRole('button', { name: 'Save' }).click();
  await expect(language).toBeHidden();
  await expect(page.getByRole('article', { name: /IELTS/ })).toContainText('7.0');
  await expectAccessible(page);
  await next(page, 'Working Experience');

  // 6. Working experience is optional: skipped.
  await expect(page.getByText('No work experience added.')).toBeVisible();
  await expectAccessible(page);
  await next(page, 'Supporting Documents');

  // 7. The three required documents (the health report stays optional).
  await expect(page.getByText('Please upload all required documents before proceeding.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expectAccessible(page);
  const uploads: [string, string][] = [
    ['Passport Photo', files.photo],
    ['Passport Copy', files.passportCopy],
    ['Resume', files.resume],
  ];
  for (const [slot, file] of uploads) {
    await page.getByLabel(`Choose a file for ${slot}`).setInputFiles(file);
    const group = page.getByRole('group', { name: slot, exact: true });
    await expect(group.getByRole('link', { name: path.basename(file) })).toBeVisible();
    await expect(group.getByRole('button', { name: `Replace ${slot}` })).toBeVisible();
  }
  await expect(page.getByText('Please upload all required documents before proceeding.')).toHaveCount(0);
  await expectAccessible(page);
  await phoneScreenshot(page, 'documents');
  await next(page, 'Other Information');

  // 8. Where the student heard about us.
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Friends' }).check();
  await next(page, 'Course Selection');

  // 9. Two courses from the picker.
  const results = page.getByRole('group', { name: 'Courses', exact: true });
  await expect(results.getByRole('checkbox').first()).toBeVisible();
  await expectAccessible(page);
  const picked: string[] = [];
  for (const index of [0, 1]) {
    const course = results.getByRole('checkbox').nth(index);
    const label = (await course.getAttribute('aria-label')) ?? (await labelOf(course));
    picked.push(label.replace(/ \(.*\)$/, ''));
    await course.check();
  }
  await expect(page.getByText('Selected courses: 2')).toBeVisible();
  await next(page, 'Review and Confirm');

  // 10. Review: every saved value as text.
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await expect(personal).toContainText('FA7654321');
  await expect(personal).toContainText('Female');
  await expect(page.getByRole('region', { name: 'Parent/Guardian' })).toContainText('Rustam');
  await expect(page.getByRole('region', { name: 'Emergency Contact' })).toContainText('Malika');
  await expect(page.getByRole('region', { name: 'Qualifications' })).toContainText('Computer Science');
  await expect(page.getByRole('region', { name: 'Language' })).toContainText('IELTS');
  await expect(page.getByRole('region', { name: 'Other Information' })).toContainText('Friends');
  const chosen = page.getByRole('region', { name: 'Course Selection' });
  await expectCourses(chosen, picked);
  await expectAccessible(page);
  await phoneScreenshot(page, 'review');

  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Thank You' })).toBeVisible();
  await expect(page.getByText(/Our staff will email you within 48 hours/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
  await expect(page).toHaveURL(/\/Student\/Dashboard$/);
  const progress = page.getByRole('region', { name: 'Application progress' });
  await expect(progress.getByText('10 of 10 steps completed')).toBeVisible();
  await expect(progress.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(progress.getByRole('link', { name: 'Update Application' })).toBeVisible();
  await expectAccessible(page);

  // Updating the application opens the review with the courses marked as submitted.
  await progress.getByRole('link', { name: 'Update Application' }).click();
  const submitted = page.getByRole('region', { name: 'Course Selection' });
  await expectCourses(submitted, picked);
  await expect(submitted.getByText('Submitted', { exact: true })).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Change Course Selection' }).click();
  await expect(heading(page, 'Course Selection')).toBeVisible();
  await expect(page.getByText(/· Submitted$/)).toHaveCount(2);
  await expectAccessible(page);
  fs.rmSync(files.dir, { recursive: true, force: true });
});

/** A checkbox's visible label text (Mantine links it with for/id). */
async function labelOf(checkbox: Locator): Promise<string> {
  return checkbox.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
}

/** Each course as the one description shows it: the course, then its university (issue 21). */
async function expectCourses(region: Locator, picked: string[]) {
  for (const course of picked)
    for (const part of course.split(' — ')) await expect(region).toContainText(part);
}
