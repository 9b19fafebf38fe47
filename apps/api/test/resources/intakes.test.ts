// @both-databases: the deadlines are timestamptz columns read back as UTC ISO text, the intakes table's catalogue-version trigger and its restricting foreign keys
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, studentCourses } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import {
  client,
  ids,
  seedCatalogue,
  studentInfoBody,
  type TClient,
  universityCourseBody,
  where,
} from './helpers.js';

// Issue 21 item 1: an intake is a catalogue resource admins keep (deadlines as instants, entered in
// Malaysia's time on the screen, stored and returned as UTC); every signed-in user reads intakes;
// a write bumps the catalogue version; an intake an application uses cannot be deleted.

let t: TestApp;
let admin: TClient;
let student: TClient;
let agent: TClient;
let courseA: number;
let courseB: number;

/** 31 May 2027, 23:59 in Kuala Lumpur (UTC+8) is 15:59 UTC. */
const intake = (universityCourseId: number, extra: Record<string, unknown> = {}) => ({
  universityCourseId,
  startDate: '2027-09-06',
  applicationDeadline: '2027-05-31T23:59:00+08:00',
  lateDeadline: null,
  acceptanceDeadline: '2027-07-31T15:59:00.000Z',
  seatCap: 40,
  open: true,
  ...extra,
});

type TIntakeRow = {
  id: number;
  universityCourseId: number;
  applicationDeadline: string;
  lateDeadline: string | null;
  acceptanceDeadline: string;
  seatCap: number | null;
  open: boolean;
  universityCourse: { university: { name: string }; course: { name: string } };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'intakes.admin@resources.test', 'Admin'));
  student = client(t, await signInAs(t, 'intakes.student@resources.test', 'Student'));
  agent = client(t, await signInAs(t, 'intakes.agent@resources.test', 'Agent'));
  const cat = await seedCatalogue(admin, 'Intakes');
  courseA = cat.universityCourseId;
  const other = await admin.post(
    '/UniversityCourse/AddUniversityCourse',
    universityCourseBody(cat.universityId, cat.courseId, 9000),
  );
  courseB = (other.body as { id: number }).id;
});
afterAll(() => t?.close());

const add = async (who: TClient, body: object) => who.post('/Intake/add', body);
const idOf = (res: { body: unknown }) => (res.body as { id: number }).id;

describe('Intake: a catalogue resource admins keep', () => {
  it('an admin adds an intake; the deadlines come back as UTC instants with the course names', async () => {
    const res = await add(admin, intake(courseA));
    expect(res.status, res.text).toBe(200);
    const row = (await student.get(`/Intake/${idOf(res)}`)).body as TIntakeRow;
    expect(row).toMatchObject({
      universityCourseId: courseA,
      startDate: '2027-09-06',
      applicationDeadline: '2027-05-31T15:59:00.000Z',
      lateDeadline: null,
      acceptanceDeadline: '2027-07-31T15:59:00.000Z',
      seatCap: 40,
      open: true,
      universityCourse: {
        university: { name: 'Intakes University' },
        course: { name: 'Intakes Software' },
      },
    });
  });

  it('filters by universityCourseId', async () => {
    const b = idOf(await add(admin, intake(courseB, { startDate: '2028-02-14' })));
    const res = await agent.post('/Intake/getListByPage', {
      filter: where('universityCourseId', 'EQ', courseB),
      page: 0,
      pageSize: 10,
    });
    expect(res.status, res.text).toBe(200);
    expect(ids((res.body as { result: unknown }).result)).toEqual([b]);
  });

  it('students and agents read intakes but may not write them; anonymous callers may not read', async () => {
    const id = idOf(await add(admin, intake(courseA, { startDate: '2028-07-01' })));
    expect((await student.get('/Intake/allAsync')).status).toBe(200);
    expect((await agent.get(`/Intake/${id}`)).status).toBe(200);
    expect((await student.post('/Intake/add', intake(courseA))).status).toBe(403);
    expect((await agent.post('/Intake/add', intake(courseA))).status).toBe(403);
    expect((await agent.post('/Intake/update', { id, ...intake(courseA, { seatCap: 1 }) })).status).toBe(403);
    expect((await student.post('/Intake/delete', { id })).status).toBe(403);
    expect((await client(t, null).get('/Intake/allAsync')).status).toBe(401);
    const row = (await admin.get(`/Intake/${id}`)).body as TIntakeRow;
    expect(row.seatCap).toBe(40);
  });

  it('has no owner: another admin updates and deletes an intake the first one added', async () => {
    const other = client(t, await signInAs(t, 'intakes.admin2@resources.test', 'Admin'));
    const id = idOf(await add(admin, intake(courseA, { startDate: '2029-02-01' })));
    const res = await other.post('/Intake/update', {
      id,
      ...intake(courseA, { seatCap: null, open: false }),
    });
    expect(res.status, res.text).toBe(200);
    expect((await admin.get(`/Intake/${id}`)).body).toMatchObject({ seatCap: null, open: false });
    expect((await other.post('/Intake/delete', { id })).status).toBe(200);
    expect((await admin.get(`/Intake/${id}`)).status).toBe(404);
  });

  it('refuses a late deadline not after the application deadline with its code', async () => {
    const same = await add(admin, intake(courseA, { lateDeadline: '2027-05-31T15:59:00Z' }));
    expect(same.status).toBe(400);
    expect((same.body as { errors: { path: string; code: string }[] }).errors).toContainEqual(
      expect.objectContaining({ path: 'body.lateDeadline', code: 'lateBeforeDeadline' }),
    );
    const before = await add(admin, intake(courseA, { lateDeadline: '2027-05-01T00:00:00Z' }));
    expect(before.status).toBe(400);
    const after = await add(admin, intake(courseA, { lateDeadline: '2027-06-14T23:59:00+08:00' }));
    expect(after.status, after.text).toBe(200);
    expect(((await admin.get(`/Intake/${idOf(after)}`)).body as TIntakeRow).lateDeadline).toBe(
      '2027-06-14T15:59:00.000Z',
    );
  });

  it('refuses a deadline without a zone, a zero seat cap and a missing course', async () => {
    const local = await add(admin, intake(courseA, { applicationDeadline: '2027-05-31T23:59' }));
    expect(local.status).toBe(400);
    expect((await add(admin, intake(courseA, { seatCap: 0 }))).status).toBe(400);
    const missing = await add(admin, intake(999_999));
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
  });

  it('a write bumps the catalogue version, and a cached list follows it', async () => {
    const version = async () =>
      (await t.database.db.select({ v: catalogueVersion.version }).from(catalogueVersion))[0]!.v;
    const list = async () =>
      ids(
        (
          (
            await student.post('/Intake/getListByPage', {
              filter: where('universityCourseId', 'EQ', courseB),
              page: 0,
              pageSize: 10,
            })
          ).body as { result: unknown }
        ).result,
      );
    const seen = await list();
    const before = await version();
    const id = idOf(await add(admin, intake(courseB, { startDate: '2030-02-01' })));
    expect(await version()).not.toBe(before);
    expect(await list()).toEqual([...seen, id]);
    const mid = await version();
    await admin.post('/Intake/update', { id, ...intake(courseB, { startDate: '2030-02-01', open: false }) });
    expect(await version()).not.toBe(mid);
  });

  it('refuses to delete an intake an application uses, with the usual message; and its course too', async () => {
    const id = idOf(await add(admin, intake(courseA, { startDate: '2031-02-01' })));
    const created = await student.post('/StudentInfo/add', studentInfoBody('Intaker'));
    expect(created.status, created.text).toBe(200);
    await t.database.db
      .insert(studentCourses)
      .values({ studentId: idOf(created), universityCourseId: courseA, intakeId: id });
    const res = await admin.post('/Intake/delete', { id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'inUse',
      message: 'This intake is used by 1 student course selection.',
    });
    expect((await admin.get(`/Intake/${id}`)).status).toBe(200);
    const course = await admin.post('/UniversityCourse/delete', { id: courseB });
    expect(course.status).toBe(409);
    expect((course.body as { message: string }).message).toMatch(/intakes?/);
  });
});
