// @both-databases: the seat count is SQL (count over a left join with a coalesce, bigint parsed differently) and timestamptz text differs between the drivers
import type { TIntakeAvailability } from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, intakes, studentCourses, studentInfos } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { TestClock } from '../clock.js';
import { client, seedCatalogue, type TClient, universityCourseBody } from '../resources/helpers.js';

// Issue 21 item 3: the availability of a page of courses' intakes at the app's clock (state,
// seats left, latest safe date), computed per call outside the cached catalogue lists.

let t: TestApp;
let admin: TClient;
let student: TClient;
let agent: TClient;
let anonymous: TClient;
let studentUserId: number;
const clock = new TestClock('2027-01-10T04:00:00Z');
let course: number;
let other: number;
let bare: number;
const intake: Record<string, number> = {};

type TIntakeRow = typeof intakes.$inferInsert;
async function addIntake(key: string, row: Omit<TIntakeRow, 'acceptanceDeadline'>) {
  const [added] = await t.database.db
    .insert(intakes)
    .values({ acceptanceDeadline: '2027-12-01T00:00:00Z', ...row })
    .returning({ id: intakes.id });
  intake[key] = added!.id;
}

/** A student course of a new student of the signed-in user, submitted or not, with a status. */
async function apply(intakeId: number, universityCourseId: number, submitted: boolean, status?: string) {
  const [info] = await t.database.db
    .insert(studentInfos)
    .values({
      userId: studentUserId,
      firstName: 'Seat',
      lastName: 'Taker',
      passportSeries: 'AB',
      passportNumber: '1234567',
      gender: 0,
      dateOfBirth: '2000-01-01',
      email: 'seat@mail.test',
      address: 'Street 1',
      city: 'Tashkent',
      postCode: '100000',
      race: 'Uzbek',
      phoneNumber: '+998901234567',
      country: 0,
    })
    .returning({ id: studentInfos.id });
  const [sc] = await t.database.db
    .insert(studentCourses)
    .values({
      studentId: info!.id,
      universityCourseId,
      intakeId,
      submittedAt: submitted ? '2027-01-05T00:00:00Z' : null,
    })
    .returning({ id: studentCourses.id });
  if (status) await t.database.db.insert(applicationStatuses).values({ studentCourseId: sc!.id, status });
}

const availability = async (who: TClient, ids: number[]) => {
  const res = await who.get(`/IntakeAvailability?universityCourseIds=${ids.join(',')}`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { result: TIntakeAvailability[] }).result;
};
const byId = (list: TIntakeAvailability[]) => new Map(list.map((i) => [i.id, i]));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = client(t, await signInAs(t, 'intakes.admin@intakes.test', 'Admin'));
  const s = await signInAs(t, 'intakes.student@intakes.test', 'Student');
  studentUserId = s.userId;
  student = client(t, s);
  agent = client(t, await signInAs(t, 'intakes.agent@intakes.test', 'Agent'));
  anonymous = client(t, null);
  const cat = await seedCatalogue(admin, 'Intakes');
  course = cat.universityCourseId;
  const add = async () => {
    const res = await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId, 9000),
    );
    return (res.body as { id: number }).id;
  };
  other = await add();
  bare = await add();
  // Kuala Lumpur is UTC+8: 23:59 there on 1 March 2027 is 15:59 UTC.
  await addIntake('march', {
    universityCourseId: course,
    startDate: '2027-05-03',
    applicationDeadline: '2027-03-01T15:59:00Z',
    lateDeadline: '2027-03-15T15:59:00Z',
    seatCap: 3,
  });
  await addIntake('september', {
    universityCourseId: course,
    startDate: '2027-09-06',
    applicationDeadline: '2027-06-30T15:59:00Z',
    seatCap: null,
  });
  await addIntake('closed', {
    universityCourseId: course,
    startDate: '2027-10-04',
    applicationDeadline: '2027-08-01T15:59:00Z',
    open: false,
  });
  // Started already (5 January): not listed any more.
  await addIntake('started', {
    universityCourseId: course,
    startDate: '2027-01-05',
    applicationDeadline: '2026-11-01T15:59:00Z',
  });
  await addIntake('full', {
    universityCourseId: other,
    startDate: '2027-07-05',
    applicationDeadline: '2027-05-01T15:59:00Z',
    seatCap: 1,
  });
});
afterAll(() => t?.close());

describe('GET /IntakeAvailability (issue 21 item 3)', () => {
  it("lists each course's coming intakes, the next first, with state, seats left and latest safe date", async () => {
    const list = await availability(student, [other, course, bare]);
    expect(list.map((i) => i.id)).toEqual([intake.march, intake.september, intake.closed, intake.full]);
    const march = byId(list).get(intake.march!)!;
    expect(march).toEqual({
      id: intake.march,
      universityCourseId: course,
      startDate: '2027-05-03',
      applicationDeadline: '2027-03-01T15:59:00.000Z',
      lateDeadline: '2027-03-15T15:59:00.000Z',
      acceptanceDeadline: '2027-12-01T00:00:00.000Z',
      state: 'open',
      seatsLeft: 3,
      // 8 weeks before 3 May is 8 March, after the deadline's day: the deadline's day (1 March).
      latestSafeDate: '2027-03-01',
    });
    const september = byId(list).get(intake.september!)!;
    expect(september).toMatchObject({ state: 'open', seatsLeft: null, latestSafeDate: '2027-06-30' });
    expect(byId(list).get(intake.closed!)).toMatchObject({ state: 'closed' });
  });

  it('counts submitted applications that hold a seat: not drafts, not withdrawn or rejected ones', async () => {
    await apply(intake.march!, course, true); // before the pipeline: submitted
    await apply(intake.march!, course, true, 'underReview');
    await apply(intake.march!, course, true, 'withdrawn');
    await apply(intake.march!, course, true, 'rejected');
    await apply(intake.march!, course, false); // chosen, not confirmed
    await apply(intake.full!, other, true, 'conditionalOffer');
    const list = byId(await availability(agent, [course, other]));
    expect(list.get(intake.march!)).toMatchObject({ state: 'open', seatsLeft: 1 });
    expect(list.get(intake.full!)).toMatchObject({ state: 'full', seatsLeft: 0 });
  });

  it('follows the clock: the deadline itself is still open, then late, then past', async () => {
    clock.set('2027-03-01T15:59:00Z');
    expect(byId(await availability(admin, [course])).get(intake.march!)?.state).toBe('open');
    clock.set('2027-03-01T16:00:00Z');
    expect(byId(await availability(admin, [course])).get(intake.march!)?.state).toBe('late');
    clock.set('2027-03-15T16:00:00Z');
    expect(byId(await availability(admin, [course])).get(intake.march!)?.state).toBe('past');
    // Once it has started (3 May in Malaysia, 2 May 16:00 UTC) it is no longer listed.
    clock.set('2027-05-02T16:00:00Z');
    expect((await availability(admin, [course])).map((i) => i.id)).toEqual([intake.september, intake.closed]);
    clock.set('2027-01-10T04:00:00Z');
  });

  it('the latest safe date follows the setting (weeks before the start)', async () => {
    const settings = (await admin.get('/Settings')).body as Record<string, number>;
    expect((await admin.put('/Settings', { ...settings, safeSubmitLeadWeeks: 12 })).status).toBe(200);
    // 12 weeks before 6 September 2027 is 14 June.
    expect(byId(await availability(student, [course])).get(intake.september!)?.latestSafeDate).toBe(
      '2027-06-14',
    );
    await admin.put('/Settings', settings);
  });

  it('is for signed-in users, and refuses a malformed or too long list', async () => {
    expect((await anonymous.get(`/IntakeAvailability?universityCourseIds=${course}`)).status).toBe(401);
    expect((await student.get('/IntakeAvailability')).status).toBe(400);
    for (const bad of ['', 'x', '1,,2', '0', '1;2', '01'])
      expect((await student.get(`/IntakeAvailability?universityCourseIds=${bad}`)).status, bad).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await student.get(`/IntakeAvailability?universityCourseIds=${many}`)).status).toBe(400);
    expect(await availability(student, [2147483000])).toEqual([]);
  });

  it('is not cached with the catalogue: a change shows at once', async () => {
    await availability(student, [other]);
    await t.database.db.insert(intakes).values({
      universityCourseId: other,
      startDate: '2027-11-01',
      applicationDeadline: '2027-09-01T15:59:00Z',
      acceptanceDeadline: '2027-12-01T00:00:00Z',
    });
    expect(await availability(student, [other])).toHaveLength(2);
  });
});
