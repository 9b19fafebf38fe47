import { ZExperience, ZGuardian, ZStudentCourse, ZStudentInfo } from '@uniapply/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStages, experiences, studentCourses } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import {
  childBodies,
  client,
  ids,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  universityCourseBody,
  where,
} from './helpers.js';

// Every generic verb on student-owned bases (StudentInfo, Experience), CreateOrUpdate with the
// wizard stage, and the course selection's addOrUpdateList.

let t: TestApp;
let admin: TClient;
let student: TClient;
let agent: TClient;
let studentUserId: number;
let studentName: string;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;
let ownId: number; // the student's own profile
let agentsId: number; // a profile the agent manages

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'records.admin@resources.test', 'Admin'));
  const s = await signInAs(t, 'records.student@resources.test', 'Student');
  studentUserId = s.userId;
  student = client(t, s);
  const me = (await student.get('/auth/me')).body as { firstName: string; lastName: string; email: string };
  studentName = `${me.firstName} ${me.lastName}`.trim() || me.email;
  agent = client(t, await signInAs(t, 'records.agent@resources.test', 'Agent'));
  cat = await seedCatalogue(admin, 'Rec');
});
afterAll(() => t?.close());

const stageOf = async (studentId: number) => {
  const [row] = await t.database.db
    .select({ step: applicationStages.step })
    .from(applicationStages)
    .where(eq(applicationStages.studentId, studentId));
  return row?.step;
};

describe('StudentInfo', () => {
  it('add sets the owner and audit fields on the server, and defaults the mobile number', async () => {
    const res = await student.post('/StudentInfo/add', {
      ...studentInfoBody('Dilnoza'),
      id: 4242,
      userId: 987654,
      lastUpdatedBy: 'Somebody Else',
      lastUpdatedDate: '1999-01-01T00:00:00Z',
    });
    expect(res.status).toBe(200);
    const row = ZStudentInfo.parse(res.body);
    ownId = row.id;
    expect(row.id).not.toBe(4242);
    expect(row.userId).toBe(studentUserId);
    expect(row.lastUpdatedBy).toBe(studentName);
    expect(new Date(row.lastUpdatedDate!).getFullYear()).toBeGreaterThanOrEqual(2025);
    expect(row.mobileNumber).toBe('+998901234567');
    expect(row.passportSeries).toBe('AB');
  });

  it('a student holds only one profile', async () => {
    const res = await student.post('/StudentInfo/add', studentInfoBody('Second'));
    expect(res.status).toBe(409);
    expect((await student.post('/StudentInfo/count', {})).body).toBe(1);
  });

  it('reads through every verb', async () => {
    expect((await student.get(`/StudentInfo/${ownId}`)).body).toMatchObject({
      id: ownId,
      firstName: 'Dilnoza',
    });
    expect((await student.post('/StudentInfo/getId', where('userId', 'EQ', studentUserId))).body).toBe(ownId);
    expect(
      (await student.post('/StudentInfo/getItem', where('firstName', 'CONTAINS', 'dil'))).body,
    ).toMatchObject({
      id: ownId,
    });
    expect(ids((await student.post('/StudentInfo/find', { userId: studentUserId })).body)).toEqual([ownId]);
    expect(ids((await student.post('/StudentInfo/findAsync', where('city', 'EQ', 'Tashkent'))).body)).toEqual(
      [ownId],
    );
    expect(ids((await student.get('/StudentInfo/allAsync')).body)).toEqual([ownId]);
    const page = await student.post('/StudentInfo/getListByPage', {
      filter: where('firstName', 'CONTAINS', 'DIL'),
      page: 0,
      pageSize: 10,
    });
    expect(page.body).toEqual({ result: [expect.objectContaining({ id: ownId })], totalRows: 1 });
    expect(
      (await student.post('/StudentInfo/countAsync', where('dateOfBirth', 'BETWEEN', ['2000-01-01', null])))
        .body,
    ).toBe(1);
  });

  it('update keeps the owner and stamps the audit fields', async () => {
    const res = await student.post('/StudentInfo/update', {
      ...studentInfoBody('Dilnoza'),
      id: ownId,
      city: 'Samarkand',
      userId: 987654,
      mobileNumber: '+998907654321',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ownId,
      city: 'Samarkand',
      userId: studentUserId,
      lastUpdatedBy: studentName,
    });
    expect(res.body).toMatchObject({ mobileNumber: '+998907654321' });
  });

  it("CreateOrUpdate without an id updates the student's one profile and sets the stage", async () => {
    const res = await student.post(
      '/StudentInfo/CreateOrUpdate?stage=2&studentId=',
      studentInfoBody('Dilnoza'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ownId, city: 'Tashkent' });
    expect(await stageOf(ownId)).toBe(2);
  });

  it('an agent creates several students through CreateOrUpdate with studentId 0', async () => {
    const first = await agent.post(
      '/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
      studentInfoBody('Bekzod'),
    );
    const second = await agent.post(
      '/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
      studentInfoBody('Malika'),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    agentsId = (first.body as { id: number }).id;
    const secondId = (second.body as { id: number }).id;
    expect(secondId).not.toBe(agentsId);
    expect(await stageOf(secondId)).toBe(2);
    // Updating through CreateOrUpdate with the id.
    const updated = await agent.post(`/StudentInfo/CreateOrUpdate?stage=3&studentId=${secondId}`, {
      ...studentInfoBody('Malika'),
      race: 'Tajik',
    });
    expect(updated.body).toMatchObject({ id: secondId, race: 'Tajik' });
    expect(ids((await agent.get('/StudentInfo/allAsync')).body)).toEqual([agentsId, secondId]);
    expect((await agent.post('/StudentInfo/delete', { id: secondId })).status).toBe(200);
    expect((await agent.post('/StudentInfo/count', {})).body).toBe(1);
  });
});

describe('OtherInfo.agentId (item 14)', () => {
  it('names a real agent or is empty; any other user id or a missing one is a validation error', async () => {
    const { id: studentId } = (await agent.post('/StudentInfo/add', studentInfoBody('Referred'))).body as {
      id: number;
    };
    const agentId = ((await agent.get('/auth/me')).body as { userId: number }).userId;
    const save = (value: number | null) =>
      agent.post(`/OtherInfo/CreateOrUpdate?studentId=${studentId}`, {
        studentId,
        facebook: true,
        agentId: value,
      });
    for (const bad of [studentUserId, 999_999]) {
      const res = await save(bad);
      expect(res.status, `agentId ${bad}`).toBe(400);
      expect(res.body).toMatchObject({
        code: 'validation',
        errors: [expect.objectContaining({ path: 'body.agentId', code: 'notFound' })],
      });
    }
    expect((await save(agentId)).status).toBe(200);
    const cleared = await save(null);
    expect(cleared.status).toBe(200);
    expect((cleared.body as { agentId: number | null }).agentId).toBeNull();
  });
});

describe('Experience', () => {
  let expId: number;

  it("add saves for an own student and refuses another owner's", async () => {
    const res = await student.post('/Experience/add', childBodies.Experience!(ownId, 'Own', 0));
    expect(res.status).toBe(200);
    const row = ZExperience.parse(res.body);
    expId = row.id;
    expect(row).toMatchObject({
      studentId: ownId,
      company: 'Own Company',
      from: '2020-01-01',
      to: '2020-12-31',
    });
    const foreign = await student.post('/Experience/add', childBodies.Experience!(agentsId, 'Own', 0));
    expect(foreign.status).toBe(404);
    const dates = await student.post('/Experience/add', {
      ...childBodies.Experience!(ownId, 'Own', 0),
      to: '2019-01-01',
    });
    expect(dates.status).toBe(400);
  });

  it('reads through every verb', async () => {
    await student.post('/Experience/add', {
      ...childBodies.Experience!(ownId, 'Later', 0),
      from: '2021-01-01',
      to: '2021-06-30',
    });
    const all = ids((await student.get('/Experience/allAsync')).body);
    expect(all).toHaveLength(2);
    expect(all[0]).toBe(expId);
    expect((await student.get(`/Experience/${expId}`)).body).toMatchObject({ company: 'Own Company' });
    expect((await student.post('/Experience/getId', where('company', 'CONTAINS', 'later'))).body).toBe(
      all[1],
    );
    expect((await student.post('/Experience/getItem', where('from', 'EQ', '2020-01-01'))).body).toMatchObject(
      { id: expId },
    );
    expect(ids((await student.post('/Experience/find', { studentId: ownId })).body)).toEqual(all);
    expect(
      ids(
        (await student.post('/Experience/findAsync', where('studentInfo.firstName', 'EQ', 'Dilnoza'))).body,
      ),
    ).toEqual(all);
    const page = await student.post('/Experience/getListByPage', {
      filter: { operator: 'AND' },
      page: 1,
      pageSize: 1,
    });
    expect(page.body).toEqual({ result: [expect.objectContaining({ id: all[1] })], totalRows: 2 });
    expect((await student.post('/Experience/count', where('position', 'EQ', 'Intern'))).body).toBe(2);
    expect(
      (await student.post('/Experience/countAsync', where('to', 'BETWEEN', [null, '2020-12-31']))).body,
    ).toBe(1);
  });

  it('update and delete act on own rows only', async () => {
    const res = await student.post('/Experience/update', {
      ...childBodies.Experience!(ownId, 'Own', 0),
      id: expId,
      position: 'Developer',
    });
    expect(res.body).toMatchObject({ id: expId, position: 'Developer' });
    // Moving the row to another owner's student is refused and changes nothing.
    const moved = await student.post('/Experience/update', {
      ...childBodies.Experience!(agentsId, 'Own', 0),
      id: expId,
    });
    expect(moved.status).toBe(404);
    expect((await student.get(`/Experience/${expId}`)).body).toMatchObject({
      studentId: ownId,
      position: 'Developer',
    });
    const later = (await student.post('/Experience/getId', where('company', 'CONTAINS', 'later')))
      .body as number;
    expect((await student.post('/Experience/delete', { id: later })).status).toBe(200);
    expect((await student.get(`/Experience/${later}`)).status).toBe(404);
  });

  it('a save cannot record stage 11 (submitted): only the confirm submits', async () => {
    const before = await stageOf(ownId);
    const res = await student.post(`/Experience/CreateOrUpdate?stage=11&studentId=${ownId}`, {
      company: 'Skip Co',
      position: 'Analyst',
      from: '2022-01-01',
      to: '2022-12-31',
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string }[] }).errors[0]!.path).toBe('querystring.stage');
    expect(await stageOf(ownId)).toBe(before);
  });

  it('CreateOrUpdate adds or updates the row; its stage is recorded only up to the first unsaved step', async () => {
    const added = await student.post(`/Experience/CreateOrUpdate?stage=7&studentId=${ownId}`, {
      company: 'Wizard Co',
      position: 'Analyst',
      from: '2022-01-01',
      to: '2022-12-31',
    });
    expect(added.status).toBe(200);
    const id = (added.body as { id: number }).id;
    expect(added.body).toMatchObject({ studentId: ownId, company: 'Wizard Co' });
    // Stage 7 asked, but the guardian (step 2) was never saved: the save is kept and the wizard
    // will open at step 2, not past it.
    expect(await stageOf(ownId)).toBe(2);
    const updated = await student.post(`/Experience/CreateOrUpdate?stage=7&studentId=${ownId}`, {
      id,
      company: 'Wizard Ltd',
      position: 'Analyst',
      from: '2022-01-01',
      to: '2022-12-31',
    });
    expect(updated.body).toMatchObject({ id, company: 'Wizard Ltd' });
    const rows = await t.database.db.select().from(experiences).where(eq(experiences.studentId, ownId));
    expect(rows.map((r) => r.company).sort()).toEqual(['Own Company', 'Wizard Ltd']);
    // Another owner's student, and no student at all.
    const foreign = await student.post(
      `/Experience/CreateOrUpdate?stage=7&studentId=${agentsId}`,
      childBodies.Experience!(agentsId, 'X', 0),
    );
    expect(foreign.status).toBe(404);
    expect(await stageOf(agentsId)).toBe(2);
    expect(
      (await student.post('/Experience/CreateOrUpdate?stage=7', childBodies.Experience!(ownId, 'X', 0)))
        .status,
    ).toBe(400);
  });
});

describe('one-per-student records', () => {
  it('guardian CreateOrUpdate upserts by student, keeps the stage from going back, defaults the mobile', async () => {
    const body = childBodies.StudentGuardian!(ownId, 'Nodira', 0);
    const first = await student.post(`/StudentGuardian/CreateOrUpdate?stage=3&studentId=${ownId}`, body);
    expect(first.status).toBe(200);
    const row = ZGuardian.parse(first.body);
    expect(row).toMatchObject({
      studentId: ownId,
      mobileNumber: '+998901234568',
      lastUpdatedBy: studentName,
    });
    const second = await student.post(`/StudentGuardian/CreateOrUpdate?stage=3&studentId=${ownId}`, {
      ...body,
      occupation: 'Doctor',
    });
    expect(second.body).toMatchObject({ id: row.id, occupation: 'Doctor' });
    expect((await student.post('/StudentGuardian/count', {})).body).toBe(1);
    // The guardian saved: the stage moves to 3, the next unsaved step (emergency contact).
    expect(await stageOf(ownId)).toBe(3);
    // Re-saving an earlier step does not move the stage back.
    expect(
      (await student.post(`/StudentGuardian/CreateOrUpdate?stage=2&studentId=${ownId}`, body)).status,
    ).toBe(200);
    expect(await stageOf(ownId)).toBe(3);
    // The query's student wins over the body's.
    const other = await student.post(`/StudentGuardian/CreateOrUpdate?stage=3&studentId=${ownId}`, {
      ...body,
      studentId: agentsId,
    });
    expect(other.body).toMatchObject({ id: row.id, studentId: ownId });
    // A second guardian through add is a conflict.
    expect((await student.post('/StudentGuardian/add', body)).status).toBe(409);
  });

  it("other info validates its choices; on the agent's half-filled student its stage 9 stops at step 2", async () => {
    const none = await agent.post(`/OtherInfo/CreateOrUpdate?stage=9&studentId=${agentsId}`, {
      studentId: agentsId,
    });
    expect(none.status).toBe(400);
    const res = await agent.post(
      `/OtherInfo/CreateOrUpdate?stage=9&studentId=${agentsId}`,
      childBodies.OtherInfo!(agentsId, 'Expo', 0),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      facebook: true,
      others: true,
      otherInfoDetails: 'Expo fair',
      twitter: false,
    });
    // Saved, but the agent's student has only a profile: the stage stops at the guardian (2).
    expect(await stageOf(agentsId)).toBe(2);
  });
});

describe('StudentCourse/addOrUpdateList', () => {
  it('replaces the selection and records the stage in one save (as far as the earlier steps are saved)', async () => {
    const more: number[] = [];
    for (const price of [1000, 2000]) {
      const res = await admin.post(
        '/UniversityCourse/AddUniversityCourse',
        universityCourseBody(cat.universityId, cat.courseId, price),
      );
      more.push((res.body as { id: number }).id);
    }
    const first = await student.post(`/StudentCourse/addOrUpdateList?studentId=${ownId}&stage=10`, [
      cat.universityCourseId,
      more[0],
    ]);
    expect(first.status).toBe(200);
    const rows = (first.body as unknown[]).map((r) => ZStudentCourse.parse(r));
    expect(rows.map((r) => r.universityCourseId)).toEqual([cat.universityCourseId, more[0]]);
    expect(first.body).toMatchObject([
      { universityCourse: { university: { name: 'Rec University' }, course: { name: 'Rec Software' } } },
      {},
    ]);
    // Stage 10 asked; the emergency contact (step 3) is still unsaved.
    expect(await stageOf(ownId)).toBe(3);

    const kept = rows[1]!.id;
    const second = await student.post(`/StudentCourse/addOrUpdateList?studentId=${ownId}&stage=10`, [
      more[0],
      more[1],
      more[1],
    ]);
    expect(
      (second.body as { id: number; universityCourseId: number }[]).map((r) => [
        r.id === kept,
        r.universityCourseId,
      ]),
    ).toEqual([
      [true, more[0]],
      [false, more[1]],
    ]);
    expect(ids((await student.post('/StudentCourse/find', { studentId: ownId })).body)).toEqual(
      ids(second.body),
    );
  });

  it("refuses unknown courses, other owners' students and an empty list, changing nothing", async () => {
    const before = await t.database.db
      .select()
      .from(studentCourses)
      .where(eq(studentCourses.studentId, ownId));
    const unknown = await student.post(`/StudentCourse/addOrUpdateList?studentId=${ownId}&stage=10`, [
      cat.universityCourseId,
      987654,
    ]);
    expect(unknown.status).toBe(400);
    expect((unknown.body as { errors: { path: string }[] }).errors[0]!.path).toBe('body.1');
    expect(
      (
        await student.post(`/StudentCourse/addOrUpdateList?studentId=${agentsId}&stage=10`, [
          cat.universityCourseId,
        ])
      ).status,
    ).toBe(404);
    expect(
      (await student.post(`/StudentCourse/addOrUpdateList?studentId=${ownId}&stage=10`, [])).status,
    ).toBe(400);
    expect(
      (await student.post(`/StudentCourse/addOrUpdateList?stage=10`, [cat.universityCourseId])).status,
    ).toBe(400);
    const after = await t.database.db
      .select()
      .from(studentCourses)
      .where(eq(studentCourses.studentId, ownId));
    expect(after).toEqual(before);
    expect(await stageOf(ownId)).toBe(3);
    // The selection blocks deleting the university course it names.
    const used = await admin.post('/UniversityCourse/delete', { id: after[0]!.universityCourseId });
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({
      code: 'inUse',
      message: 'This university course is used by 1 student course selection.',
      params: { uses: [{ what: 'studentCourseSelections', count: 1 }] },
    });
  });

  it('deleting a student removes their records', async () => {
    const res = await agent.post('/StudentInfo/delete', { id: agentsId });
    expect(res.status).toBe(200);
    expect((await admin.post('/OtherInfo/count', where('studentId', 'EQ', agentsId))).body).toBe(0);
    expect(await stageOf(agentsId)).toBeUndefined();
  });
});
