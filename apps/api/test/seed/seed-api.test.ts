import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed/index.js';
import { createSession } from '../../src/http/session-store.js';
import { createTestApp, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';

// The demo data as the demo accounts see it through the API.
describe(`demo data through the API (${testDbKind()})`, () => {
  let t: TestApp;
  const cookieOf = async (email: string) => {
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { cookie: `sid=${await createSession(t.database.db, u!.id, t.app.config.session)}` };
  };
  const list = async (email: string, base: string, body: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${base}/getListByPage`,
      headers: await cookieOf(email),
      payload: { page: 0, pageSize: 10, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { result: Record<string, unknown>[]; totalRows: number };
  };
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.database.db);
  });
  afterAll(() => t.close());

  it('shows the agent their two students', async () => {
    const page = await list('agent@demo.local', 'StudentInfo');
    expect(page.totalRows).toBe(2);
    expect(page.result.map((s) => `${s.firstName} ${s.lastName}`).sort()).toEqual([
      'Jasur Toshmatov',
      'Madina Yusupova',
    ]);
  });

  it("does not show the agent's students to the demo student", async () => {
    expect((await list('student@demo.local', 'StudentInfo')).totalRows).toBe(0);
  });

  it('lets the student browse the catalogue: engineering offers across universities', async () => {
    const all = await list('student@demo.local', 'UniversityCourse');
    expect(all.totalRows).toBeGreaterThanOrEqual(40);
    const engineering = await list('student@demo.local', 'UniversityCourse', {
      filter: {
        operator: 'AND',
        conditions: [{ field: 'course.name', operator: 'CONTAINS', value: 'engineering' }],
      },
    });
    expect(engineering.totalRows).toBeGreaterThan(5);
    for (const row of engineering.result) {
      expect((row.course as { name: string }).name).toMatch(/engineering/i);
    }
    const unis = await list('admin@demo.local', 'University', {
      filter: { operator: 'AND', conditions: [{ field: 'name', operator: 'CONTAINS', value: 'Malaysia' }] },
    });
    expect(unis.result.map((u) => u.name)).toEqual(
      expect.arrayContaining(['Universiti Putra Malaysia', 'Monash University Malaysia']),
    );
  });

  it('offers the four document types in order', async () => {
    const page = await list('student@demo.local', 'DocumentType');
    expect(page.result.map((d) => [d.id, d.name])).toEqual([
      [1, 'Passport Photo'],
      [2, 'Passport Copy'],
      [3, 'Resume'],
      [4, 'Health Examination'],
    ]);
  });
});
