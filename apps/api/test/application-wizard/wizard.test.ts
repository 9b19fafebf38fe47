// @both-databases: two saves of one version at once (row lock)
import { NEW_PROFILE_DRAFTS_KEPT, PERSONAL_STATEMENT_MAX, ZApplication } from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, studentCourses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { createDocsApp, listFiles } from '../documents/helpers.js';
import {
  childBodies,
  client,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  type TWho,
  universityCourseBody,
} from '../resources/helpers.js';
import {
  completeApplication as completeApplicationOf,
  firstFiveSteps as firstFiveStepsOf,
  ok,
  uploadPdf,
} from './complete.js';

// Issue 9, the application server: stage, raise, confirm, review, drafts, versions, submitted
// courses, record files, document list, deleting students, and the scope of every new route.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let adminWho: TWho;
let student: TClient;
let studentWho: TWho;
let agent: TClient;
let agentWho: TWho;
let other: TClient; // another agent
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let secondCourseId: number;

const upload = (who: TWho, url: string, fields: Record<string, string>) => uploadPdf(t, who, url, fields);
const completeApplication = (c: TClient, who: TWho, marker: string, courseIds: number[]) =>
  completeApplicationOf(t, c, who, marker, courseIds);
const firstFiveSteps = (c: TClient, who: TWho, marker: string) => firstFiveStepsOf(t, c, who, marker);

/** What a profile with only its personal step saved is missing, in step order. */
const ALL_BUT_PERSONAL = [
  'guardian',
  'emergencyContact',
  'qualifications',
  'languages',
  'document:1',
  'document:2',
  'document:3',
  'otherInfo',
  'courses',
];

const notificationCount = async () => (await t.database.db.select().from(notifications)).length;

beforeAll(async () => {
  t = await createDocsApp();
  adminWho = await signInAs(t, 'wizard.admin@apps.test', 'Admin');
  admin = client(t, adminWho);
  studentWho = await signInAs(t, 'wizard.student@apps.test', 'Student');
  student = client(t, studentWho);
  agentWho = await signInAs(t, 'wizard.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  other = client(t, await signInAs(t, 'wizard.other@apps.test', 'Agent'));
  cat = await seedCatalogue(admin, 'Wiz');
  secondCourseId = ok<{ id: number }>(
    await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId, 9000),
    ),
  ).id;
});
afterAll(() => t?.close());

describe('stage', () => {
  it('a student without a profile gets studentId 0 and step 0; raise never lowers', async () => {
    expect(ok(await student.get('/Stage/get'))).toEqual({ studentId: 0, step: 0 });
    const id = ok<{ id: number }>(
      await student.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Stagey')),
    ).id;
    expect(ok(await student.get('/Stage/get'))).toEqual({ studentId: id, step: 2 });
    expect(ok(await student.post('/Stage/raise', { studentId: id, stage: 2 }))).toEqual({ step: 2 });
    expect(ok(await student.post('/Stage/raise', { studentId: id, stage: 1 }))).toEqual({ step: 2 });
    expect(ok(await student.get(`/Stage/get?studentId=${id}`))).toEqual({ studentId: id, step: 2 });
    expect((await student.post('/Stage/raise', { studentId: id, stage: 11 })).status).toBe(400);
    // Agents and admins name the student; a missing or non-canonical id is a 400, no session a 401.
    expect((await agent.get('/Stage/get')).status).toBe(400);
    for (const url of [
      '/Draft',
      '/Review/getReview',
      '/Document/list',
      '/Stage/get?studentId=01',
      '/Draft?studentId=1e1',
    ])
      expect([url, (await agent.get(url)).status]).toEqual([url, 400]);
    expect((await client(t, null).get(`/Stage/get?studentId=${id}`)).status).toBe(401);
  });

  it('raise refuses to pass a step that was not saved, naming what is missing; the stage stays', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Skipper')),
    ).id;
    const skip = await agent.post('/Stage/raise', { studentId: id, stage: 10 });
    expect(skip.status).toBe(400);
    expect(skip.body).toMatchObject({
      code: 'earlierStepsMissing',
      params: {
        missing: ALL_BUT_PERSONAL,
      },
    });
    const next = await agent.post('/Stage/raise', { studentId: id, stage: 3 });
    expect(next.body).toMatchObject({ code: 'earlierStepsMissing', params: { missing: ['guardian'] } });
    expect(ok(await agent.get(`/Stage/get?studentId=${id}`))).toEqual({ studentId: id, step: 2 });
  });

  it("the wizard's raises pass: Next on qualifications, languages, an empty experience, then documents", async () => {
    const id = await firstFiveSteps(agent, agentWho, 'Raiser');
    for (const stage of [5, 6, 7]) {
      expect(ok(await agent.post('/Stage/raise', { studentId: id, stage }))).toEqual({ step: stage });
    }
    const early = await agent.post('/Stage/raise', { studentId: id, stage: 8 });
    expect(early.body).toMatchObject({
      code: 'earlierStepsMissing',
      params: { missing: ['document:1', 'document:2', 'document:3'] },
    });
    for (const type of [1, 2, 3]) {
      await upload(agentWho, '/Document/upload', { studentId: String(id), DocumentTypeId: String(type) });
    }
    expect(ok(await agent.post('/Stage/raise', { studentId: id, stage: 8 }))).toEqual({ step: 8 });
  });

  it("item 1: another owner's student behaves exactly like a missing one on every new route", async () => {
    const mine = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Scoped')),
    ).id;
    const missing = 999999;
    const calls: [string, (id: number) => Promise<{ status: number; body: unknown }>][] = [
      ['stage', (id) => other.get(`/Stage/get?studentId=${id}`)],
      ['raise', (id) => other.post('/Stage/raise', { studentId: id, stage: 3 })],
      ['confirm', (id) => other.post('/Stage/confirm', { studentId: id })],
      ['review', (id) => other.get(`/Review/getReview?studentId=${id}`)],
      ['drafts', (id) => other.get(`/Draft?studentId=${id}`)],
      ['put draft', (id) => other.put(`/Draft?studentId=${id}&step=2`, { a: 1 })],
      ['documents', (id) => other.get(`/Document/list?studentId=${id}`)],
    ];
    for (const [name, call] of calls) {
      const foreign = await call(mine);
      const absent = await call(missing);
      expect([name, foreign.status]).toEqual([name, 404]);
      expect(foreign.body).toEqual(absent.body);
    }
    // The owner and an admin reach it.
    expect(ok(await agent.get(`/Stage/get?studentId=${mine}`))).toEqual({ studentId: mine, step: 0 });
    expect(ok(await admin.get(`/Stage/get?studentId=${mine}`))).toEqual({ studentId: mine, step: 0 });
  });
});

describe('confirm', () => {
  it('refuses an incomplete application naming what is missing', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Partial')),
    ).id;
    const res = await agent.post('/Stage/confirm', { studentId: id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'incompleteApplication',
      params: {
        missing: ALL_BUT_PERSONAL,
      },
    });
  });

  it('submits the courses, notifies once per new course; a repeated confirm records nothing new', async () => {
    const id = await completeApplication(agent, agentWho, 'Confirmer', [cat.universityCourseId]);
    const review = ZApplication.parse(ok(await agent.get(`/Review/getReview?studentId=${id}`)));
    expect(review).toMatchObject({ studentId: id, stage: 10, submitted: false });
    expect(review.courses.map((c) => [c.universityCourseId, c.submitted])).toEqual([
      [cat.universityCourseId, false],
    ]);

    const before = await notificationCount();
    const [a, b] = await Promise.all([
      agent.post('/Stage/confirm', { studentId: id }),
      agent.post('/Stage/confirm', { studentId: id }),
    ]);
    const submitted = [ok<{ submitted: number[] }>(a), ok<{ submitted: number[] }>(b)].map(
      (r) => r.submitted,
    );
    expect(submitted.flat()).toEqual([cat.universityCourseId]);
    expect((a.body as { step: number }).step).toBe(11);
    expect(await notificationCount()).toBe(before + 1);
    const [note] = await t.database.db.select().from(notifications).orderBy(notifications.id).offset(before);
    expect(note).toMatchObject({
      isNotified: false,
      notificationData: {
        fullName: 'Confirmer Tester',
        universityName: 'Wiz University',
        courseName: 'Wiz Software',
      },
    });

    // Submitted courses stay: a new list without them keeps them, showing submittedAt.
    const rows = ok<{ universityCourseId: number; submittedAt: string | null }[]>(
      await agent.post(`/StudentCourse/addOrUpdateList?studentId=${id}&stage=10`, [secondCourseId]),
    );
    expect(rows.map((r) => [r.universityCourseId, r.submittedAt !== null])).toEqual([
      [cat.universityCourseId, true],
      [secondCourseId, false],
    ]);
    // Re-confirming after the update submits only the new course.
    expect(ok(await agent.post('/Stage/confirm', { studentId: id }))).toEqual({
      step: 11,
      submitted: [secondCourseId],
    });
    expect(await notificationCount()).toBe(before + 2);
    expect(ok(await agent.post('/Stage/confirm', { studentId: id }))).toEqual({ step: 11, submitted: [] });
    expect(await notificationCount()).toBe(before + 2);
    const stored = await t.database.db.select().from(studentCourses).where(eq(studentCourses.studentId, id));
    expect(stored.every((r) => r.submittedAt !== null)).toBe(true);

    // StudentInfo list rows carry the stage (the agent's progress column).
    const page = ok<{ result: { id: number; step: number | null }[] }>(
      await agent.post('/StudentInfo/getListByPage', { page: 0, pageSize: 100 }),
    );
    expect(page.result.find((r) => r.id === id)?.step).toBe(11);
    expect(page.result.find((r) => r.id !== id)?.step).not.toBe(11);

    // An agent cannot delete a student with a submitted application; an admin can.
    const refused = await agent.post('/StudentInfo/delete', { id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'applicationSubmitted' });
    const filesBefore = listFiles(t.filesDir).length;
    expect(ok(await admin.post('/StudentInfo/delete', { id }))).toEqual({ id });
    expect((await admin.get(`/Review/getReview?studentId=${id}`)).status).toBe(404);
    // Its 6 stored files (2 qualification, 1 language, 3 documents) are gone after the commit.
    expect(listFiles(t.filesDir).length).toBe(filesBefore - 6);
  });
});

describe('drafts', () => {
  it('stores, lists and deletes drafts; saving the step deletes its draft', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Drafty')),
    ).id;
    expect((await agent.put(`/Draft?studentId=${id}&step=2`, { firstName: 'Half' })).status).toBe(204);
    expect((await agent.put(`/Draft?studentId=${id}&step=8`, { facebook: true })).status).toBe(204);
    const listed = ok<{ drafts: Record<string, { data: unknown; savedAt: string }> }>(
      await agent.get(`/Draft?studentId=${id}`),
    );
    expect(Object.keys(listed.drafts)).toEqual(['2', '8']);
    expect(listed.drafts['2']!.data).toEqual({ firstName: 'Half' });
    ok(
      await agent.post(
        `/StudentGuardian/CreateOrUpdate?stage=3&studentId=${id}`,
        childBodies.StudentGuardian!(id, 'Drafty', 0),
      ),
    );
    expect(Object.keys(ok<{ drafts: object }>(await agent.get(`/Draft?studentId=${id}`)).drafts)).toEqual([
      '8',
    ]);
    // DELETE /Draft (the request helper has no DELETE).
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/Draft?studentId=${id}&step=8`,
      headers: agentWho!.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(ok<{ drafts: object }>(await agent.get(`/Draft?studentId=${id}`)).drafts).toEqual({});
    // Not an object, or over 64 KB: refused.
    expect((await agent.put(`/Draft?studentId=${id}&step=2`, [1, 2])).status).toBe(400);
    expect((await agent.put(`/Draft?studentId=${id}&step=2`, { big: 'x'.repeat(70 * 1024) })).status).toBe(
      400,
    );
    expect((await agent.put(`/Draft?studentId=${id}&step=11`, { a: 1 })).status).toBe(400);
  });

  it("item 1: studentId=0 is the user's own new-profile draft: another user never sees it; creating the profile deletes it", async () => {
    const fresh = client(t, await signInAs(t, 'wizard.fresh@apps.test', 'Student'));
    const drafts = async (c: TClient) =>
      ok<{ drafts: Record<string, { data: unknown; savedAt: string }> }>(await c.get('/Draft?studentId=0'))
        .drafts;
    expect(await drafts(fresh)).toEqual({});
    expect((await fresh.put('/Draft?studentId=0&step=1', { firstName: 'Newbie' })).status).toBe(204);
    expect((await agent.put('/Draft?studentId=0&step=1', { firstName: 'AgentsNew' })).status).toBe(204);
    const mine = await drafts(fresh);
    expect(Object.keys(mine)).toEqual(['1']);
    expect(mine['1']!.data).toEqual({ firstName: 'Newbie' });
    // Every other user sees only their own (or none): the draft is keyed by the signed-in user.
    expect((await drafts(agent))['1']!.data).toEqual({ firstName: 'AgentsNew' });
    expect(await drafts(other)).toEqual({});
    expect(await drafts(admin)).toEqual({});
    // Only the personal step has a draft before the profile exists.
    expect((await fresh.put('/Draft?studentId=0&step=2', { a: 1 })).status).toBe(400);
    expect((await fresh.put('/Draft?studentId=0&step=1', [1])).status).toBe(400);
    // Creating the profile deletes the creator's new-profile draft, nobody else's.
    ok(await fresh.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Newbie')));
    expect(await drafts(fresh)).toEqual({});
    expect((await drafts(agent))['1']!.data).toEqual({ firstName: 'AgentsNew' });
    // A refused create (a student's second profile) rolls back and keeps the draft.
    expect((await fresh.put('/Draft?studentId=0&step=1', { firstName: 'Again' })).status).toBe(204);
    expect((await fresh.post('/StudentInfo/add', studentInfoBody('Second'))).status).toBe(409);
    expect((await drafts(fresh))['1']!.data).toEqual({ firstName: 'Again' });
    // DELETE with studentId=0 drops the agent's own new-profile draft.
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/Draft?studentId=0&step=1',
      headers: agentWho!.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await drafts(agent)).toEqual({});
    expect((await drafts(fresh))['1']!.data).toEqual({ firstName: 'Again' });
  });

  it("item 1: a new profile's draft is its form's own (draftKey, one per browser tab): two tabs keep a draft each, a create deletes its own only, the user's newest five stay", async () => {
    const who = await signInAs(t, 'wizard.tabs@apps.test', 'Agent');
    const tabs = client(t, who);
    const draftOf = async (c: TClient, key?: string) =>
      ok<{ drafts: Record<string, { data: unknown }> }>(
        await c.get(`/Draft?studentId=0${key ? `&draftKey=${key}` : ''}`),
      ).drafts['1']?.data;
    const put = (c: TClient, key: string, data: object) =>
      c.put(`/Draft?studentId=0&step=1&draftKey=${key}`, data);
    const tabA = 'tabA_0123456789';
    const tabB = 'tabB-0123456789';
    expect((await put(tabs, tabA, { firstName: 'Anvar' })).status).toBe(204);
    expect((await put(tabs, tabB, { firstName: 'Bobur' })).status).toBe(204);
    expect(await draftOf(tabs, tabA)).toEqual({ firstName: 'Anvar' });
    expect(await draftOf(tabs, tabB)).toEqual({ firstName: 'Bobur' });
    expect(await draftOf(tabs)).toBeUndefined();
    // Still by owner: another user naming the same key neither sees nor overwrites this one.
    expect(await draftOf(other, tabA)).toBeUndefined();
    expect((await put(other, tabA, { firstName: 'Othman' })).status).toBe(204);
    expect(await draftOf(tabs, tabA)).toEqual({ firstName: 'Anvar' });
    // A key is a short token: anything else is refused.
    for (const bad of ['short', 'x'.repeat(65), 'a%40example.com', 'has%20space12'])
      expect((await tabs.get(`/Draft?studentId=0&draftKey=${bad}`)).status, bad).toBe(400);
    expect(
      (await tabs.post('/StudentInfo/CreateOrUpdate?studentId=0&draftKey=bad', studentInfoBody('Badkey')))
        .status,
    ).toBe(400);
    // Creating tab A's student deletes tab A's draft only.
    ok(
      await tabs.post(
        `/StudentInfo/CreateOrUpdate?studentId=0&stage=2&draftKey=${tabA}`,
        studentInfoBody('Anvar'),
      ),
    );
    expect(await draftOf(tabs, tabA)).toBeUndefined();
    expect(await draftOf(tabs, tabB)).toEqual({ firstName: 'Bobur' });
    expect(await draftOf(other, tabA)).toEqual({ firstName: 'Othman' });
    // DELETE names the form too.
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/Draft?studentId=0&step=1&draftKey=${tabB}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await draftOf(tabs, tabB)).toBeUndefined();
    // Tabs closed before their form was saved leave drafts behind: the newest five are kept.
    const keys = Array.from({ length: NEW_PROFILE_DRAFTS_KEPT + 2 }, (_, i) => `closed-tab-${i + 1}`);
    for (const [i, key] of keys.entries()) expect((await put(tabs, key, { n: i + 1 })).status).toBe(204);
    const left: string[] = [];
    for (const key of keys) if (await draftOf(tabs, key)) left.push(key);
    expect(left).toEqual(keys.slice(2));
  });
});

describe('versions', () => {
  it('a save over a newer version is a 409 editConflict naming who changed it', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Versioned')),
    ).id;
    const loaded = ok<{ lastUpdatedDate: string; lastUpdatedBy: string }>(
      await agent.post(
        `/OtherInfo/CreateOrUpdate?stage=9&studentId=${id}`,
        childBodies.OtherInfo!(id, 'V', 0),
      ),
    );
    const me = ok<{ firstName: string; lastName: string; email: string }>(await admin.get('/auth/me'));
    const adminName = `${me.firstName} ${me.lastName}`.trim() || me.email;
    await new Promise((r) => setTimeout(r, 5));
    const changed = ok<{ lastUpdatedBy: string; lastUpdatedDate: string }>(
      await admin.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
        ...childBodies.OtherInfo!(id, 'Admin', 0),
        lastUpdatedDate: loaded.lastUpdatedDate,
      }),
    );
    expect(changed.lastUpdatedBy).toBe(adminName);
    // item 6: the version sent is compared, never stored.
    expect(changed.lastUpdatedDate).not.toBe(loaded.lastUpdatedDate);
    const stale = await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
      ...childBodies.OtherInfo!(id, 'Stale', 0),
      lastUpdatedDate: loaded.lastUpdatedDate,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'editConflict', params: { by: adminName } });
    // Without a version (or with the current one) the save goes through.
    const fresh = ok<{ lastUpdatedDate: string }>(
      await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, childBodies.OtherInfo!(id, 'Fresh', 0)),
    );
    await new Promise((r) => setTimeout(r, 5));
    // Two saves of the same version at once: the row lock lets exactly one through.
    const both = await Promise.all(
      ['One', 'Two'].map((m) =>
        agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
          ...childBodies.OtherInfo!(id, m, 0),
          lastUpdatedDate: fresh.lastUpdatedDate,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // A version that is not a date is a 400, not a database error.
    const garbage = await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
      ...childBodies.OtherInfo!(id, 'G', 0),
      lastUpdatedDate: 'yesterday',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('record rules', () => {
  it('experience `to` may be null (still working), never before `from`; agentId 0 reads back as null', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Rules')),
    ).id;
    const exp = { studentId: id, company: 'Co', position: 'Dev', from: '2021-01-01' };
    expect(ok(await agent.post('/Experience/add', { ...exp, to: null }))).toMatchObject({ to: null });
    const bad = await agent.post('/Experience/add', { ...exp, to: '2020-01-01' });
    expect(bad.status).toBe(400);
    const info = ok(
      await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
        studentId: id,
        facebook: true,
        agentId: 0,
      }),
    );
    expect(info.agentId).toBeNull();
  });

  it('step 8 keeps a personal statement of up to 2,000 characters and the review reads it back', async () => {
    const id = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Statement')),
    ).id;
    const body = { studentId: id, website: true };
    const statement = `Men koʻpriklar quraman.\n${'a'.repeat(PERSONAL_STATEMENT_MAX - 24)}`;
    expect(statement).toHaveLength(PERSONAL_STATEMENT_MAX);
    const saved = ok(
      await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
        ...body,
        personalStatement: statement,
      }),
    );
    expect(saved.personalStatement).toBe(statement);
    const review = ok<{ otherInfo: { personalStatement: string | null } }>(
      await agent.get(`/Review/getReview?studentId=${id}`),
    );
    expect(review.otherInfo.personalStatement).toBe(statement);
    const long = await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, {
      ...body,
      personalStatement: `${statement}b`,
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ path: 'body.personalStatement', code: 'tooLong' }] });
    // Optional: a save without one clears it.
    expect(
      ok(await agent.post(`/OtherInfo/CreateOrUpdate?studentId=${id}`, body)).personalStatement,
    ).toBeNull();
  });

  it('a certificate must be a file of the same student', async () => {
    const mine = ok<{ id: number }>(
      await agent.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Files')),
    ).id;
    const theirs = ok<{ id: number }>(
      await admin.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Admins')),
    ).id;
    const foreign = await upload(adminWho, '/Language/upload', { studentId: String(theirs) });
    expect(foreign.status).toBe(200);
    const lang = { ...childBodies.Language!(mine, 'F', 0) };
    const res = await agent.post('/Language/add', { ...lang, certFileName: foreign.body.fileId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ path: 'body.certFileName', code: 'file' }] });
    expect((await agent.post('/Language/add', { ...lang, certFileName: 'not-a-file-id' })).status).toBe(400);
    const own = await upload(agentWho, '/Language/upload', { studentId: String(mine) });
    expect(ok(await agent.post('/Language/add', { ...lang, certFileName: own.body.fileId }))).toMatchObject({
      certFileName: own.body.fileId,
    });
    // The document list names the file.
    const doc = await upload(agentWho, '/Document/upload', { studentId: String(mine), DocumentTypeId: '1' });
    expect(ok(await agent.get(`/Document/list?studentId=${mine}`))).toEqual([
      { id: doc.body.id, documentTypeId: 1, fileId: doc.body.fileId, fileName: 'scan.pdf' },
    ]);
  });

  it('an admin creates a student owned by the admin with studentId=0', async () => {
    const created = ok<{ id: number; userId: number }>(
      await admin.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('AdminMade')),
    );
    const me = ok<{ userId: number; id: number }>(await admin.get('/auth/me'));
    expect(created.userId).toBe(me.userId);
    // /auth/me names the user's id as `id` too (the agent id students type).
    expect(me.id).toBe(me.userId);
    expect((await agent.get(`/StudentInfo/${created.id}`)).status).toBe(404);
  });
});
