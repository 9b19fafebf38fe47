import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { english, expectAccessible, SCREENSHOTS, signIn } from '../support';

test.use({ storageState: english });
// The machine these run on is shared by several lanes: a screen may take long to first appear.
test.setTimeout(240_000);
test.use({ navigationTimeout: 120_000 });

// Issue 22 item 3: the offer letter's template per language at /Admin/OfferLetters. The spec
// saves a language's text unchanged, so it owns no data and runs in any order.

const letterText = (page: Page) => page.getByRole('textbox', { name: 'Letter text' });

test('the admin edits a letter by keyboard: inserts a field at the caret, is told of an unknown field, previews and saves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin@demo.local');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Offer letters' })
    .click();
  await expect(page).toHaveURL(/\/Admin\/OfferLetters$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Offer letters' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Letter text' })).toBeVisible({ timeout: 120_000 });

  await page.getByText('Uzbek', { exact: true }).click();
  const text = letterText(page);
  await expect(text).toHaveValue(/^Qabul haqida taklifnoma\n\nHurmatli \{\{applicantName\}\}!/);
  const found = await text.inputValue();

  // The caret at the very start, then Tab to a field's button and Enter: the field goes there.
  await text.focus();
  await page.keyboard.press('ControlOrMeta+Home');
  const fees = page.getByRole('button', { name: 'Price' });
  await fees.focus();
  await page.keyboard.press('Enter');
  await expect(text).toHaveValue(`{{fees}}${found}`);
  await expect(text).toBeFocused();
  await page.keyboard.type(' {{nmae}} ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('These are not letter fields: {{nmae}}')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-offer-letters-error-1280.png`, fullPage: true });

  // Back to the text found: the preview opens the sample letter, a PDF, in a new tab.
  await text.fill(found);
  await expect(page.getByText('These are not letter fields: {{nmae}}')).toBeHidden();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Preview' }).click();
  const tab = await popup;
  // The tab gets the sample letter: a browser with a PDF viewer shows it at its blob: address;
  // Chromium's headless shell (this suite's browser) has no viewer and saves it: a PDF download.
  let saved: string | undefined;
  tab.on('download', async (download) => {
    saved = fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1');
  });
  await expect
    .poll(() => (tab.url().startsWith('blob:') ? 'shown' : saved === '%PDF-' ? 'saved' : tab.url()))
    .toMatch(/^(shown|saved)$/);
  await tab.close();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The letter is saved.')).toBeVisible();
  await expect(page.getByText(/^Saved /)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/admin-offer-letters-1280.png`, fullPage: true });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the letters fit a 360 px touch screen, and a tapped field goes in at the caret', async ({ page }) => {
    await signIn(page, 'admin@demo.local', { open: false });
    await page.goto('/Admin/OfferLetters');
    await expect(letterText(page)).toBeVisible({ timeout: 120_000 });
    await page.getByText('Russian', { exact: true }).tap();
    const text = letterText(page);
    await expect(text).toHaveValue(/^Предложение о зачислении/);
    const found = await text.inputValue();
    await text.tap();
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.getByRole('button', { name: 'Course' }).tap();
    await expect(text).toHaveValue(`{{course}}${found}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-offer-letters-360.png`, fullPage: true });
  });
});
