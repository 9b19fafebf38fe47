// @both-databases: counts come back as bigint, which pg and PGlite's drivers parse differently
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentCourses } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, seedCatalogue, studentInfoBody, type TClient } from '../resources/helpers.js';

type TSummary = { universities: number; courses: number; students: number; submittedApplications: number };

describe('GET /api/admin/summary', () => {
  let t: TestApp;
  let admin: TClient;
  let agent: TClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = client(t, await signInAs(t, 'summary.admin@admin.test', 'Admin'));
    agent = client(t, await signInAs(t, 'summary.agent@admin.test', 'Agent'));
  });
  afterAll(() => t?.close());

  const summary = async () => {
    const res = await admin.get('/admin/summary');
    expect(res.status).toBe(200);
    return res.body as TSummary;
  };

  it('counts universities, courses, students and submitted applications as numbers', async () => {
    const before = await summary();
    for (const value of Object.values(before)) expect(typeof value).toBe('number');

    const cat = await seedCatalogue(admin, 'Summary');
    const studentIds: number[] = [];
    for (const marker of ['Lola', 'Bekzod']) {
      const res = await agent.post('/StudentInfo/add', studentInfoBody(marker));
      expect(res.status).toBe(200);
      studentIds.push((res.body as { id: number }).id);
    }
    // One application submitted, one course chosen but not yet submitted.
    await t.database.db.insert(studentCourses).values([
      {
        studentId: studentIds[0]!,
        universityCourseId: cat.universityCourseId,
        submittedAt: new Date().toISOString(),
      },
      { studentId: studentIds[1]!, universityCourseId: cat.universityCourseId, submittedAt: null },
    ]);

    expect(await summary()).toEqual({
      universities: before.universities + 1,
      courses: before.courses + 1,
      students: before.students + 2,
      submittedApplications: before.submittedApplications + 1,
    });
  });

  it('answers 401 without a session and 403 to agents and students', async () => {
    const anonymous = await client(t, null).get('/admin/summary');
    expect(anonymous.status).toBe(401);
    expect(anonymous.contentType).toContain('application/problem+json');
    const student = client(t, await signInAs(t, 'summary.student@admin.test', 'Student'));
    for (const who of [agent, student]) expect((await who.get('/admin/summary')).status).toBe(403);
  });
});
