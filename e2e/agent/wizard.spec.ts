import { expect, type Page, test } from '@playwright/test';
import { english, expectAccessible, SCREENSHOTS, signInFromLanding } from '../support';
import { stamp } from './students-api';

test.use({ storageState: english });

const box = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

async function expectStep(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** At 360 px nothing sticks out sideways; the screenshot is kept to be looked at. */
async function checkLayout(page: Page, width: number, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOTS}/agent-wizard-${name}-${width}.png`, fullPage: true });
}

/** The main menu's entry, through the burger when the menu is folded away (phones). */
async function openMenuEntry(page: Page, name: string) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  if (await burger.isVisible()) await burger.click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
}

for (const width of [1280, 360]) {
  test(`the agent adds a student through the wizard (personal, guardian, emergency contact) and sees '3 of 10' in Student Maintenance, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInFromLanding(page, 'agent@demo.local');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/Agent\/Students\/FormPage$/);

    // Step 1: a new student's personal information.
    await expectStep(page, 'Personal Information');
    await expect(page.getByText('Step 1 of 10', { exact: true })).toBeVisible();
    const firstName = `Wiz${stamp()}`;
    const passport = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    await box(page, /^First Name/).fill(firstName);
    await box(page, /^Last Name/).fill('Agentova');
    await box(page, /^Passport/).pressSequentially(`ab ${passport}`);
    await expect(box(page, /^Passport/)).toHaveValue(`AB${passport}`);
    await box(page, /^Race/).fill('Uzbek');
    await choose(page, /^Gender/, 'Female');
    await box(page, /^Email/).fill(`${firstName.toLowerCase()}@example.com`);
    await box(page, /^Phone Number/).fill('+998901234567');
    await page.getByLabel(/^Date of Birth/).fill('2005-03-14');
    await choose(page, /^Country/, 'Uzbekistan');
    await box(page, /^City/).fill('Tashkent');
    await box(page, /^Postal Code/).fill('100000');
    await box(page, /^Address/).fill('Amir Temur 1');
    await expectAccessible(page);
    await checkLayout(page, width, 'personal');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: the first Next created the profile; the address names it from now on.
    await expectStep(page, 'Parent/Guardian');
    await expect(page).toHaveURL(/\/Agent\/Students\/FormPage\?studentId=\d+$/);
    const studentId = Number(new URL(page.url()).searchParams.get('studentId'));
    await box(page, /^First Name/).fill('Karim');
    await box(page, /^Last Name/).fill('Agentov');
    await choose(page, /^Relationship/, 'Parent');
    await box(page, /^Occupation/).fill('Teacher');
    await box(page, /^Phone Number/).fill('+998901234568');
    await box(page, /^Email/).fill(`${firstName.toLowerCase()}.parent@example.com`);
    await box(page, /^Address/).fill('Amir Temur 1');
    await expectAccessible(page);
    await checkLayout(page, width, 'guardian');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the emergency contact (relationship Other asks to specify).
    await expectStep(page, 'Emergency Contact');
    await box(page, /^First Name/).fill('Dilnoza');
    await box(page, /^Last Name/).fill('Friendova');
    await choose(page, /^Relationship/, 'Other');
    await box(page, /^Please specify/).fill('Neighbour');
    await box(page, /^Phone Number/).fill('+998901234569');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 'Qualifications');
    await expect(page).toHaveURL(new RegExp(`/Agent/Students/FormPage\\?studentId=${studentId}$`));

    // The emergency step stores stage 4: steps completed = min(4 − 1, 10) = 3 (DESIGN 6).
    const stage = await page.request.get(`/api/Stage/get?studentId=${studentId}`);
    expect(await stage.json()).toMatchObject({ step: 4 });
    await openMenuEntry(page, 'Application');
    await expect(page.getByRole('heading', { level: 1, name: 'Student Maintenance' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Filter by Name' }).fill(firstName);
    await page.getByRole('button', { name: 'Find' }).click();
    const row = page
      .getByRole('table', { name: 'Student Maintenance' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: firstName, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '3 of 10', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: `AB${passport}` })).toBeVisible();
  });
}
