import { expect, test } from '@playwright/test';
import { completeApplication, courseChoice } from '../applications-api';
import { english, expectAccessible, registerAs, waitForLayout } from '../support';

// Issue 20 item 6: after Confirm the thank-you screen lists the courses just submitted and what
// happens next, here in Uzbek on a phone (touch) and at 1280 px; each width its own new student.

const SHOTS = process.env.FINISH20_SHOTS ?? 'artifacts/screenshots';

for (const { width, touch } of [
  { width: 360, touch: true },
  { width: 1280, touch: false },
]) {
  test(`the thank-you screen lists the submitted courses and what happens next (uz, ${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      storageState: english,
      viewport: { width, height: touch ? 740 : 900 },
      hasTouch: touch,
      isMobile: touch,
    });
    const page = await context.newPage();
    await registerAs(page, 'Student', { email: `thanks-${width}-${Date.now()}@example.com` });

    const offers = (await (await page.request.get('/api/UniversityCourse/allAsync')).json()) as {
      id: number;
    }[];
    const [first, second] = offers;
    const studentId = await completeApplication(page.request, `Thanks${width}`, first!.id);
    const chosen = await page.request.post(
      `/api/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`,
      {
        data: [await courseChoice(page.request, first!.id), await courseChoice(page.request, second!.id)],
      },
    );
    expect(chosen.status()).toBe(200);
    const saved = await page.request.put('/api/auth/me/language', { data: { language: 'uz' } });
    expect(saved.status()).toBe(204);
    await page.evaluate(() => localStorage.setItem('appLanguage', 'uz'));

    await page.goto('/Student/Infoform?step=10');
    const confirm = page.getByRole('button', { name: 'Tasdiqlash', exact: true });
    await (touch ? confirm.tap() : confirm.click());
    await expect(page.getByRole('heading', { level: 2, name: 'Rahmat' })).toBeVisible();
    const courses = page.getByRole('region', { name: 'Yuborilgan kurslar (2)' });
    await expect(courses.getByRole('listitem')).toHaveCount(2);
    const next = page.getByRole('region', { name: 'Keyin nima boʻladi' });
    await expect(next.getByRole('listitem')).toHaveText([
      'Ushbu kurslar koʻrsatilgan tasdiq xatini elektron pochtangizga yuboramiz.',
      'Xodimlarimiz arizangizni koʻrib chiqadi; har bir kursning holati Boshqaruv panelingizda koʻrinadi.',
      'Hujjat kerak boʻlsa, roʻyxatini elektron pochtangizga yuboramiz, uni Boshqaruv panelida yuklaysiz.',
    ]);
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await waitForLayout(page, width);
    await page.screenshot({ path: `${SHOTS}/thank-you-uz-${width}.png`, fullPage: true });
    await context.close();
  });
}
