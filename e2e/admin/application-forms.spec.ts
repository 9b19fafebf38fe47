import { execFileSync } from 'node:child_process';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { pdfFile } from '../../apps/api/test/documents/samples';
import { stamp } from '../agent/students-api';
import { courseChoice } from '../applications-api';
import { english, expectAccessible, signIn } from '../support';

test.use({ storageState: english, actionTimeout: 15_000 });

// Issue 10 item 1: an agent's student submits a full application (through the API, as the wizard
// saves it); the admin finds it on Application Forms by the Cyrillic first name and every tab of
// the read-only detail shows what was entered.

const SHOTS = '/tmp/forms-shots';
/** Step 8's personal statement (issue 19), in Uzbek Latin with U+02BB. */
const STATEMENT = 'Men muhandis boʻlmoqchiman.';

/** Stamp characters as Cyrillic letters, so the first name stays Cyrillic and unique per run. */
const cyrillic = (text: string) =>
  [...text].map((c) => 'абвгдежзийклмнопрстуфхцчшщыэюя'[parseInt(c, 36) % 30]).join('');

type TSubmitted = { firstName: string; course: string; university: string };

/** Every step of a full application, saved and confirmed through the API as `request`'s user. */
async function submitApplication(request: APIRequestContext, tag: string): Promise<TSubmitted> {
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON answers, read field by field below.
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<any> => {
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const upload = async (url: string, name: string, fields: Record<string, string>) =>
    (await ok(
      await request.post(url, {
        multipart: { ...fields, file: { name, mimeType: 'application/pdf', buffer: pdfFile() } },
      }),
    )) as { id?: number; fileId?: string; docPath?: string };
  const firstName = `Алишер${cyrillic(tag)}`;
  const { id: studentId } = await ok(
    await request.post('/api/StudentInfo/CreateOrUpdate?stage=2&studentId=0', {
      data: {
        firstName,
        middleName: 'Botir',
        lastName: 'Gʻulomov',
        passportSeries: 'AC',
        passportNumber: '7654321',
        gender: 0,
        dateOfBirth: '2004-05-06',
        email: `alisher.${tag}@mail.test`,
        address: 'Amir Temur 5',
        city: 'Samarqand',
        postCode: '140100',
        race: 'Uzbek',
        phoneNumber: '+998901234567',
        country: 0,
      },
    }),
  );
  const contact = { studentId, phoneNumber: '+998907654321', middleName: null };
  await ok(
    await request.post(`/api/StudentGuardian/CreateOrUpdate?stage=3&studentId=${studentId}`, {
      data: {
        ...contact,
        firstName: 'Karim',
        lastName: 'Gʻulomov',
        relationship: 3,
        others: 'Amaki',
        occupation: 'Muhandis',
        email: `karim.${tag}@mail.test`,
        address: 'Amir Temur 7',
      },
    }),
  );
  await ok(
    await request.post(`/api/EmergencyContact/CreateOrUpdate?stage=4&studentId=${studentId}`, {
      data: { ...contact, firstName: 'Dilnoza', lastName: 'Oʻktamova', relationship: 1 },
    }),
  );
  const s = String(studentId);
  const cert = await upload('/api/Qualification/upload', 'diploma.pdf', { studentId: s });
  const transcript = await upload('/api/Qualification/upload', 'transcript.pdf', { studentId: s });
  await ok(
    await request.post('/api/Qualification/add', {
      data: {
        studentId,
        qualificationType: 4,
        yearOfExam: 2022,
        nameOfExamination: 'Davlat imtihoni',
        nameOfInstitution: 'Samarqand akademik litseyi',
        result: '4.8',
        certFileName: cert.fileId,
        transcriptFileName: transcript.fileId,
      },
    }),
  );
  const ielts = await upload('/api/Language/upload', 'ielts.pdf', { studentId: s });
  await ok(
    await request.post('/api/Language/add', {
      data: { studentId, languageType: 1, result: '7.5', yearOfExam: 2023, certFileName: ielts.fileId },
    }),
  );
  await ok(
    await request.post('/api/Experience/add', {
      data: { studentId, company: 'Uzum Market', position: 'Intern', from: '2023-06-01', to: null },
    }),
  );
  for (const [type, name] of [
    [1, 'photo.pdf'],
    [2, 'passport.pdf'],
    [3, 'resume.pdf'],
  ] as const) {
    await upload('/api/Document/upload', name, { studentId: s, DocumentTypeId: String(type) });
  }
  await ok(
    await request.post(`/api/OtherInfo/CreateOrUpdate?stage=9&studentId=${studentId}`, {
      data: { studentId, friends: true, personalStatement: STATEMENT },
    }),
  );
  const catalogue = (await ok(
    await request.post('/api/UniversityCourse/getListByPage', { data: { page: 0, pageSize: 1 } }),
  )) as { result: { id: number; course: { name: string }; university: { name: string } }[] };
  const chosen = catalogue.result[0]!;
  await ok(
    await request.post(`/api/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, {
      data: [await courseChoice(request, chosen.id)],
    }),
  );
  await ok(await request.post('/api/Stage/confirm', { data: { studentId } }));
  return { firstName, course: chosen.course.name, university: chosen.university.name };
}

async function signedIn(
  browser: Browser,
  email: 'agent@demo.local' | 'admin@demo.local',
  options: { open?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ storageState: english });
  const page = await context.newPage();
  await signIn(page, email, options);
  return page;
}

test('the admin finds a submitted application by first name and every tab shows what was entered', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const agent = await signedIn(browser, 'agent@demo.local', { open: false });
  const submitted = await submitApplication(agent.request, stamp());
  await agent.context().close();

  const page = await signedIn(browser, 'admin@demo.local');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Application Forms' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Application Forms' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(submitted.firstName);
  await page.getByRole('button', { name: 'Find' }).click();
  const fullName = `${submitted.firstName} Botir Gʻulomov`;
  const grid = page.getByRole('table', { name: 'Application Forms' });
  const row = grid.getByRole('row', { name: new RegExp(fullName) });
  await expect(row).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2); // the header and this one application
  await expect(row).toContainText(`alisher.`);
  await expect(row).toContainText(submitted.university);
  await expect(row).toContainText(submitted.course);
  await expect(
    row.getByRole('button', { name: `Download the application form of ${fullName} (PDF)` }),
  ).toBeVisible();
  // The first row is selected after the load; the detail names the student and the course.
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const detail = page.getByRole('region', {
    name: `Application form of ${fullName}: ${submitted.course}, ${submitted.university}`,
  });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('textbox')).toHaveCount(0);

  const tab = async (name: string, texts: string[]) => {
    await detail.getByRole('tab', { name }).click();
    const panel = detail.getByRole('tabpanel');
    for (const text of texts) await expect(panel.getByText(text, { exact: true }).first()).toBeVisible();
  };
  await tab('Personal Information', [
    submitted.firstName,
    'Botir',
    'Gʻulomov',
    'AC7654321',
    '6 May 2004',
    'Male',
    'Amir Temur 5',
    'Samarqand',
    'Uzbekistan',
    '140100',
    'Uzbek',
    '+998901234567',
  ]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/application-forms-1280.png`, fullPage: true });
  await expectAccessible(page);
  await tab('Parent/Guardian', ['Karim', 'Amaki', 'Muhandis', 'Amir Temur 7', '+998907654321']);
  await tab('Emergency Contact', ['Dilnoza', 'Oʻktamova', 'Brother or sister', '+998907654321']);
  await tab('Qualifications', [
    'Diploma',
    '2022',
    'Davlat imtihoni',
    'Samarqand akademik litseyi',
    '4.8',
    'diploma.pdf',
    'transcript.pdf',
  ]);
  await page.screenshot({ path: `${SHOTS}/application-forms-qualifications-1280.png`, fullPage: true });
  await tab('Language', ['IELTS', '2023', '7.5', 'ielts.pdf']);
  await tab('Working Experience', ['Uzum Market', 'Intern', '1 Jun 2023', 'Present']);
  await tab('Supporting Documents', ['photo.pdf', 'passport.pdf', 'resume.pdf']);
  await page.screenshot({ path: `${SHOTS}/application-forms-documents-1280.png`, fullPage: true });
  await expectAccessible(page);
  // A stored file downloads under its own name.
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: /: resume\.pdf$/ }).click();
  expect((await download).suggestedFilename()).toBe('resume.pdf');
  // Issue 19: the personal statement, drawn from the shared application description.
  await tab('Other Information', ['Friends', 'Personal Statement', STATEMENT]);

  // The row's PDF (issue 10 item 2): the spec's file name, and the student's text in it as typed
  // (Cyrillic and Uzbek Latin with U+02BB), read back with poppler's pdftotext.
  const pdfDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download the application form of ${fullName} (PDF)` }).click();
  const form = await pdfDownload;
  expect(form.suggestedFilename()).toBe(`${fullName} Application Form.pdf`);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', (await form.path())!, '-'], { encoding: 'utf8' });
  for (const typed of [
    submitted.firstName,
    'Gʻulomov',
    'Karim',
    'Oʻktamova',
    'Davlat imtihoni',
    'Samarqand akademik litseyi',
    'Uzum Market',
    'Personal Statement',
    STATEMENT,
    submitted.course,
    submitted.university,
  ]) {
    expect(text, typed).toContain(typed);
  }

  // On a phone the grid scrolls sideways and the tabs stay usable.
  await page.setViewportSize({ width: 360, height: 800 });
  await tab('Personal Information', [submitted.firstName]);
  await page.screenshot({ path: `${SHOTS}/application-forms-360.png`, fullPage: true });
  await expectAccessible(page);

  // Edit shows the course of the application with the catalogue's duration and price, read-only.
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Application Form' });
  await expect(dialog.getByRole('textbox', { name: 'Student' })).toHaveValue(fullName);
  await expect(dialog.getByRole('combobox', { name: 'University' })).toHaveValue(submitted.university);
  await expect(dialog.getByRole('textbox', { name: 'Duration' })).not.toHaveValue('');
  await expect(dialog.getByRole('textbox', { name: 'Price' })).toHaveAttribute('readonly', '');
  await page.screenshot({ path: `${SHOTS}/application-forms-edit-360.png` });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.context().close();
});

test("the agent sees their student's application form in the Details panel, read-only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, 'agent@demo.local', { open: false });
  const submitted = await submitApplication(page.request, stamp());
  await page.goto('/Agent/Students');
  await page.getByRole('textbox', { name: 'Filter by Name' }).fill(submitted.firstName);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('table', { name: 'Student Maintenance' }).getByRole('row')).toHaveCount(2);
  const panel = page.getByRole('region', { name: 'Application forms' });
  await expect(panel.getByRole('cell', { name: submitted.course, exact: true })).toBeVisible();
  await expect(panel.getByRole('cell', { name: submitted.university, exact: true })).toBeVisible();
  const fullName = `${submitted.firstName} Botir Gʻulomov`;
  await expect(
    panel.getByRole('button', { name: `Download the application form of ${fullName} (PDF)` }),
  ).toBeVisible();
  const detail = panel.getByRole('region', { name: new RegExp(`^Application form of ${fullName}`) });
  await detail.getByRole('tab', { name: 'Guardian' }).click();
  await expect(detail.getByRole('tabpanel').getByText('Amaki', { exact: true })).toBeVisible();
  await expect(detail.getByRole('textbox')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/agent-details-1280.png`, fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS}/agent-details-360.png`, fullPage: true });
  await expectAccessible(page);
  await page.context().close();
});
