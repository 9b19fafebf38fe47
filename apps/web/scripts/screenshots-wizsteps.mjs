// Screenshots of the documents step and the student dashboard at 360 px and 1280 px, against
// the Vite dev server with a faked /api (no API server needed):
//   (cd apps/web && npx vite --port 3213 --strictPort) &  node apps/web/scripts/screenshots-wizsteps.mjs
// Writes PNGs to SHOTS_DIR (default /tmp/wizsteps-shots).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.env.PREVIEW_URL ?? 'http://localhost:3213';
const out = process.env.SHOTS_DIR ?? '/tmp/wizsteps-shots';
mkdirSync(out, { recursive: true });

const student = {
  userId: 3,
  email: 'student@demo.local',
  firstName: 'Aziza',
  lastName: 'Karimova',
  role: 'Student',
  appLanguage: 'en',
};
const types = [
  { id: 1, name: 'Passport Photo' },
  { id: 2, name: 'Passport Copy' },
  { id: 3, name: 'Resume' },
  { id: 4, name: 'Health Examination' },
];
const documents = [
  { id: 11, documentTypeId: 1, fileId: 'f1', fileName: 'aziza-photo.jpg' },
  { id: 12, documentTypeId: 2, fileId: 'f2', fileName: 'passport-AC1234567.pdf' },
];
const review = {
  studentId: 12,
  stage: 11,
  submitted: true,
  courses: [
    {
      id: 1,
      universityCourseId: 40,
      university: { id: 3, name: 'Taylor’s University' },
      course: { id: 8, name: 'Bachelor of Computer Science (Hons)' },
      submitted: true,
      submittedAt: null,
    },
    {
      id: 2,
      universityCourseId: 41,
      university: { id: 4, name: 'Sunway University' },
      course: { id: 9, name: 'Diploma in Business' },
      submitted: true,
      submittedAt: null,
    },
  ],
};

function fakeApi(step) {
  return async (route) => {
    const url = new URL(route.request().url());
    const path = `${route.request().method()} ${url.pathname}`;
    const answer = {
      'GET /api/auth/me': student,
      'GET /api/DocumentType/allAsync': types,
      'GET /api/Document/list': documents,
      'GET /api/Stage/get': { studentId: 12, step },
      'GET /api/Review/getReview': review,
    }[path];
    if (answer === undefined) return route.fulfill({ status: 404, json: { message: path } });
    return route.fulfill({ json: answer });
  };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [360, 1280]) {
  for (const [name, path, step] of [
    ['documents', '/step-preview.html?step=documents', 0],
    ['dashboard-stage5', '/Student/Dashboard', 5],
    ['dashboard-submitted', '/Student/Dashboard', 11],
  ]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.addInitScript(() => window.localStorage.setItem('appLanguage', 'en'));
    await page.route('**/api/**', fakeApi(step));
    await page.goto(`${base}${path}`);
    await page
      .getByText(name === 'documents' ? 'Passport Copy' : 'steps completed')
      .first()
      .waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
