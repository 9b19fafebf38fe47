import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { pdfFile } from '../../apps/api/test/documents/samples';
import common from '../../apps/web/src/locales/uz/common.json' with { type: 'json' };
import offerLetters from '../../apps/web/src/locales/uz/offerLetters.json' with { type: 'json' };
import offers from '../../apps/web/src/locales/uz/offers.json' with { type: 'json' };
import status from '../../apps/web/src/locales/uz/status.json' with { type: 'json' };
import wizard from '../../apps/web/src/locales/uz/wizard.json' with { type: 'json' };
import {
  formatDate,
  formatDateTime,
  instantOfWallClock,
  wallClockIn,
} from '../../packages/shared/src/format';
import { stamp } from '../agent/students-api';
import { completeApplication, confirmTwoCourses } from '../applications-api';
import {
  chosenLanguage,
  english,
  expectAccessible,
  PHONE,
  PHONE_TOUCH,
  registerAs,
  reloadKeepingLanguage,
  signIn,
  waitForLayout,
} from '../support';

// Issue 22, "Must show": the whole offer journey with the student in Uzbek. The admin, on the
// application's record, makes a conditional offer with two conditions (one from the translated
// list, one free text) and a chosen answer-by date; the student (a new account with a Cyrillic
// name, on a 360 px touch phone) uploads evidence for each condition; the admin marks both met;
// the student is told (the offer shows as unconditional, a notification); the student downloads
// the letter, whose text (pdftotext) has the Cyrillic name, ʻ and the answer-by date in Kuala
// Lumpur's and Tashkent's time; then accepts while declining a second offer in the same step.
// The set-up that is not the subject (the applications, the second offer) goes through the API.
// The admin is the shared demo account, kept in English: its account language is not this spec's.

const SHOTS = '/tmp/shots-offers22';
const WIDE = { width: 1280, height: 900 };
const touch = PHONE_TOUCH;
const KL = 'Asia/Kuala_Lumpur';
const TASHKENT = 'Asia/Tashkent';

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
const condition = (kind: keyof typeof offers.kinds, text: string) =>
  kind === 'other' ? text : `${offers.kinds[kind]}: ${text}`;

/** What sticks out past the phone's width: the page or an open dialog. */
const overflowing = (page: Page) =>
  page.evaluate((width) => {
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) wide.push('page');
    for (const d of document.querySelectorAll<HTMLElement>('[role="dialog"]'))
      if (d.scrollWidth > d.clientWidth || d.getBoundingClientRect().right > width + 0.5) wide.push('dialog');
    return wide;
  }, PHONE.width);

/**
 * Screenshots at the phone's width and at 1280 px (the screen, and `target` on its own, to read),
 * back at the phone's width after.
 */
async function bothWidths(page: Page, name: string, target?: Locator, phoneAfter = true) {
  for (const size of [PHONE, WIDE]) {
    await page.setViewportSize(size);
    await waitForLayout(page, size.width);
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png` });
    await target?.screenshot({ path: `${SHOTS}/${name}-${size.width}-part.png` });
  }
  if (phoneAfter) {
    await page.setViewportSize(PHONE);
    await waitForLayout(page, PHONE.width);
  }
}

test('the offer journey in Uzbek: conditions, evidence, met, the letter, accept while declining another', async ({
  browser,
}) => {
  test.setTimeout(420_000); // two accounts, two applications and a PDF on a busy machine
  mkdirSync(SHOTS, { recursive: true });
  const contexts: BrowserContext[] = [];
  const open = async (options: Parameters<typeof browser.newContext>[0]) => {
    const context = await browser.newContext({ storageState: english, ...options });
    contexts.push(context);
    return context.newPage();
  };

  // The student: a new account of its own, in Uzbek, with a Cyrillic name. Its portal opens once
  // the offer is made.
  const student = await open({
    ...touch,
    storageState: chosenLanguage('uz'),
    acceptDownloads: true,
    timezoneId: TASHKENT,
  });
  await registerAs(student, 'Student', { email: `offer-journey-${stamp()}@example.com`, open: false });
  const [firstName, lastName] = ['Зарина', 'Каримова'];
  const all = (await (await student.request.get('/api/UniversityCourse/allAsync')).json()) as {
    id: number;
  }[];
  const studentId = await completeApplication(student.request, firstName, all[0]!.id, {
    lastName,
    mailbox: `zarina${stamp()}`,
  });
  await confirmTwoCourses(
    student.request,
    studentId,
    all.map((c) => c.id),
  );
  expect((await student.request.put('/api/auth/me/language', { data: { language: 'uz' } })).status()).toBe(
    204,
  );

  // The admin: both applications under review; the second one an unconditional offer (set-up).
  const admin = await open({ viewport: WIDE, hasTouch: true });
  await signIn(admin, 'admin@demo.local', { open: false });
  const states = async () =>
    (await (await admin.request.get(`/api/ApplicationStatus/list?studentId=${studentId}`)).json()) as {
      studentCourseId: number;
      status: string;
      version: number;
    }[];
  const [first, second] = await states();
  const moveByApi = async (app: { studentCourseId: number }, to: string) => {
    const now = (await states()).find((s) => s.studentCourseId === app.studentCourseId)!;
    const res = await admin.request.post('/api/ApplicationStatus/move', {
      data: { studentCourseId: app.studentCourseId, to, version: now.version },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await moveByApi(first!, 'underReview');
  await moveByApi(second!, 'underReview');
  await moveByApi(second!, 'unconditionalOffer');

  // The admin makes the conditional offer on the record's screen: two conditions, a chosen date.
  const wall = `${wallClockIn(Date.now() + 30 * 24 * 3600_000, KL).slice(0, 10)}T23:59`;
  const answerBy = instantOfWallClock(wall, KL)!;
  const english1 = ['englishTest', 'IELTS 6.0 — 1-avgustgacha'] as const;
  const free = ['other', 'Attestat nusxasi (apostil bilan)'] as const;
  await admin.goto(`/Admin/ApplicationForms/${first!.studentCourseId}`);
  const panel = admin.getByRole('region', { name: 'Status' });
  await panel.getByRole('combobox', { name: 'Move to' }).click({ timeout: 120_000 });
  await admin.getByRole('option', { name: 'Conditional offer', exact: true }).click();
  await panel.getByRole('textbox', { name: /^Price/ }).fill('Yiliga 42 000 MYR');
  await panel.getByLabel(/^Answer by \(Kuala Lumpur/).fill(wall);
  await expect(panel.getByText(/Tashkent/).first()).toBeVisible();
  await panel.getByRole('combobox', { name: 'Condition 1' }).click();
  await admin.getByRole('option', { name: 'English test', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Details of condition 1' }).fill(english1[1]);
  await panel.getByRole('button', { name: 'Add a condition' }).click();
  await panel.getByRole('combobox', { name: 'Condition 2' }).click();
  await admin.getByRole('option', { name: 'Other', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Details of condition 2' }).fill(free[1]);
  await expectAccessible(admin);
  await bothWidths(admin, 'admin-offer-form', panel.getByRole('group', { name: 'Offer terms' }));
  await panel.getByRole('button', { name: 'Change status' }).tap();
  const adminOffer = panel.getByRole('region', { name: 'Offer' });
  await expect(adminOffer.locator('[data-condition]')).toHaveCount(2);
  await expect(adminOffer).toContainText('Conditional offer');
  // "Change the terms" opens from the offer's terms (looked at, then cancelled).
  await adminOffer.getByRole('button', { name: 'Change the terms' }).tap();
  const terms = admin.getByRole('dialog', { name: 'Change the offer’s terms' });
  await expect(terms.getByRole('textbox', { name: 'Details of condition 2' })).toHaveValue(free[1]);
  await expect.poll(() => overflowing(admin)).toEqual([]);
  await bothWidths(admin, 'admin-change-terms', terms);
  await terms.getByRole('button', { name: 'Cancel' }).tap();
  await expect(terms).toBeHidden();

  // The student, on the phone: the offer with its two conditions, evidence for each by upload.
  await student.goto('/Student/Dashboard');
  const card = student.locator(`#application-${first!.studentCourseId}`);
  const otherCard = student.locator(`#application-${second!.studentCourseId}`);
  const offer = card.getByRole('region', { name: offers.title, exact: true });
  await expect(offer.locator('[data-offer-type]')).toHaveText(offers.type.conditional, { timeout: 120_000 });
  const names = [condition(...english1), condition(...free)];
  for (const [i, name] of names.entries()) {
    const label = fill(offers.upload, { condition: name });
    const slot = offer.getByRole('group', { name: label });
    await slot.scrollIntoViewIfNeeded();
    await slot.getByLabel(fill(wizard.documents.slot.choose, { name: label })).setInputFiles({
      name: `dalil-${i + 1}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdfFile(),
    });
    await expect(slot).toContainText(`dalil-${i + 1}.pdf`);
  }
  await expect.poll(() => overflowing(student)).toEqual([]);
  await expectAccessible(student);
  await bothWidths(student, 'student-offer-evidence', offer);

  // The admin sees the evidence and marks both conditions met.
  await admin.setViewportSize(WIDE);
  await reloadKeepingLanguage(admin);
  for (const [i, name] of [`${'English test'}: ${english1[1]}`, free[1]].entries()) {
    await expect(
      adminOffer.getByRole('button', { name: `Download the evidence: dalil-${i + 1}.pdf` }),
    ).toBeVisible({
      timeout: 120_000,
    });
    const decision = adminOffer.getByRole('radiogroup', { name: `Decision on ${name}` });
    await decision.getByText('Met', { exact: true }).click();
    await expect(decision.getByRole('radio', { name: 'Met', exact: true })).toBeChecked();
  }
  await expect(adminOffer.locator('[data-offer-type]')).toHaveText('Unconditional offer');

  // The student is told: the offer shows as unconditional, every condition met, and a notification.
  await expect(offer.locator('[data-offer-type]')).toHaveText(offers.type.unconditional, { timeout: 60_000 });
  await expect(offer).toContainText(offers.allMet);
  await expect(offer.locator('[data-state="met"]')).toHaveCount(2);
  await student.getByTestId('header-bell').tap();
  await expect(student).toHaveURL(/\/Student\/Notifications$/);
  await expect(student.getByRole('list', { name: status.page.stored })).toContainText(
    status.page.conditionsMet,
  );
  await student.goto('/Student/Dashboard');

  // The letter: the Cyrillic name, ʻ, and the answer-by date in both zones.
  await card.getByRole('button', { name: offerLetters.download }).scrollIntoViewIfNeeded();
  const downloading = student.waitForEvent('download');
  await card.getByRole('button', { name: offerLetters.download }).tap();
  const download = await downloading;
  const pdf = `${SHOTS}/offer-letter.pdf`;
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain(`${firstName} ${lastName}`);
  expect(text).toContain('ʻ');
  expect(text).not.toMatch(/[A-Za-z]'[a-z]/); // no ASCII apostrophe for ʻ
  for (const zone of [KL, TASHKENT] as const)
    expect(text).toContain(`${formatDateTime(answerBy, 'uz', zone)} (${common.timeZones[zone]})`);
  // The conditions (the kind's name as the screens say it), each met: the offer unconditional.
  expect(text).toContain(`${offers.kinds.englishTest}: ${english1[1]} (${offerLetters.letter.conditionMet})`);
  expect(text).toContain(`${free[1]} (${offerLetters.letter.conditionMet})`);
  expect(text).toContain(offers.type.unconditional);

  // Accept, declining the other offer in the same step.
  // The card names its course once the names' own query has answered ('—' until then).
  const heading = card.getByRole('heading').first();
  await expect(heading).not.toHaveText('—');
  const course = (await heading.textContent()) ?? '';
  const accept = card.getByRole('button', { name: fill(status.offer.acceptNamed, { course }) });
  await accept.scrollIntoViewIfNeeded();
  await accept.tap();
  const dialog = student.getByRole('dialog', { name: fill(status.offer.acceptTitle, { course }) });
  await expect(dialog).toContainText(status.offer.meansSeat);
  await expect(dialog).toContainText(common.timeZones[KL]);
  await expect(dialog).toContainText(common.timeZones[TASHKENT]);
  await expect(dialog).toContainText(formatDateTime(answerBy, 'uz', TASHKENT));
  const other = dialog.getByRole('checkbox');
  await expect(other).toHaveCount(1);
  await expect(other).not.toBeChecked();
  await other.tap();
  await expect(other).toBeChecked();
  await expect.poll(() => overflowing(student)).toEqual([]);
  await expectAccessible(student);
  await bothWidths(student, 'student-answer-dialog');
  await dialog
    .getByRole('button', { name: fill(status.offer.confirmAcceptDeclining_one, { count: 1 }) })
    .tap();
  await expect(dialog).toBeHidden();
  await expect(card.locator('.mantine-Badge-label', { hasText: status.labels.offerAccepted })).toBeVisible();
  await expect(
    otherCard.locator('.mantine-Badge-label', { hasText: status.labels.offerDeclined }),
  ).toBeVisible();
  expect(Object.fromEntries((await states()).map((s) => [s.studentCourseId, s.status]))).toEqual({
    [first!.studentCourseId]: 'offerAccepted',
    [second!.studentCourseId]: 'offerDeclined',
  });
  await bothWidths(student, 'student-accepted', card);

  // What happens next (issue 22 item 5): the deposit expected by the durations of Settings from the
  // acceptance, and the passport's whereabouts, set by the admin and seen by the student.
  const durations = (await (await student.request.get('/api/Settings/stageDurations')).json()) as {
    depositDays: number;
  };
  const detail = (await (
    await student.request.get(`/api/ApplicationStatus/get?studentCourseId=${first!.studentCourseId}`)
  ).json()) as { history: { to: string; at: string }[] };
  const acceptedAt = detail.history.find((e) => e.to === 'offerAccepted')!.at;
  const depositBy = formatDate(
    Date.parse(acceptedAt) + durations.depositDays * 24 * 3600_000,
    'uz',
    TASHKENT,
  );
  const next = card.getByRole('region', { name: status.nextSteps.title });
  await expect(next).toContainText(
    fill(status.nextSteps.next, { stage: status.nextSteps.stages.depositPaid, date: depositBy }),
  );
  await expect(next).toContainText(
    fill(status.nextSteps.passport, { where: status.nextSteps.whereabouts.withApplicant }),
  );
  await reloadKeepingLanguage(admin);
  const adminNext = panel.getByRole('region', { name: 'What happens next' });
  await adminNext.getByRole('combobox', { name: 'Where the passport is' }).click({ timeout: 120_000 });
  await admin.getByRole('option', { name: 'Sent to the university', exact: true }).click();
  await expect(adminNext.getByRole('combobox', { name: 'Where the passport is' })).toHaveValue(
    'Sent to the university',
  );
  await bothWidths(admin, 'admin-next-steps', adminNext);
  // The whereabouts change reaches the applicant's open page live (no reload).
  await expect(next).toContainText(
    fill(status.nextSteps.passport, { where: status.nextSteps.whereabouts.sentToUniversity }),
    { timeout: 60_000 },
  );
  await expect.poll(() => overflowing(student)).toEqual([]);
  await bothWidths(student, 'student-next-steps', next, false);
  for (const context of contexts) await context.close();
});
