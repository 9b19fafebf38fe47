// @both-databases: concurrent confirms into one capped intake (the intake row locked FOR UPDATE)
import { APPLICANT_TIME_ZONE, instantOfWallClock, UNIVERSITY_TIME_ZONE, wallClockIn } from '@uniapply/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakes, studentCourses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { TestClock } from '../clock.js';
import { testDbKind } from '../db.js';
import { createDocsApp } from '../documents/helpers.js';
import {
  client,
  seedCatalogue,
  type TClient,
  type TWho,
  universityCourseBody,
} from '../resources/helpers.js';
import { completeApplication, ok } from './complete.js';

// Issue 21 item 2: an application is one course and one intake. The course step's save takes
// `{ universityCourseId, intakeId }` and still a bare id (a course without intakes); the confirm
// checks each chosen intake's deadlines (in Malaysia's time, shown in Tashkent's too) and its seat
// cap at the app clock's now, inside its transaction.

const kl = (wall: string) => instantOfWallClock(wall, UNIVERSITY_TIME_ZONE)!;
const plus = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

const clock = new TestClock('2027-01-10T00:00:00Z');
let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let agent: TClient;
let agentWho: TWho;
let plainCourseId: number; // no intakes
let termCourseId: number; // intakes: march (deadline and late deadline), july
let otherCourseId: number; // intakes: noLate, closed, capped
const intake = {} as Record<'march' | 'july' | 'noLate' | 'closed' | 'capped' | 'elsewhere', number>;
/** March: the deadline 23:59 on 31 January in Kuala Lumpur, late applications a week longer. */
const MARCH_DEADLINE = kl('2027-01-31T23:59');
const MARCH_LATE = kl('2027-02-07T23:59');
const NO_LATE_DEADLINE = kl('2027-02-15T23:59');

const addCourse = async (universityId: number, courseId: number) =>
  ok<{ id: number }>(
    await admin.post('/UniversityCourse/AddUniversityCourse', universityCourseBody(universityId, courseId)),
  ).id;

async function addIntake(
  universityCourseId: number,
  v: { start: string; deadline: string; late?: string; cap?: number; open?: boolean },
) {
  const [row] = await t.database.db
    .insert(intakes)
    .values({
      universityCourseId,
      startDate: v.start,
      applicationDeadline: v.deadline,
      lateDeadline: v.late ?? null,
      acceptanceDeadline: plus(v.deadline, 30 * 86_400_000),
      seatCap: v.cap ?? null,
      open: v.open ?? true,
    })
    .returning({ id: intakes.id });
  return row!.id;
}

const save = (studentId: number, body: unknown) =>
  agent.post(`/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, body);
const confirm = (studentId: number) => agent.post('/Stage/confirm', { studentId });
const applicationOf = async (studentId: number, intakeId: number) => {
  const [row] = await t.database.db
    .select({ id: studentCourses.id })
    .from(studentCourses)
    .where(and(eq(studentCourses.studentId, studentId), eq(studentCourses.intakeId, intakeId)));
  return row!.id;
};

beforeAll(async () => {
  t = await createDocsApp({}, { clock });
  admin = client(t, await signInAs(t, 'intakes.admin@apps.test', 'Admin'));
  agentWho = await signInAs(t, 'intakes.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  const cat = await seedCatalogue(admin, 'Intk');
  plainCourseId = cat.universityCourseId;
  termCourseId = await addCourse(cat.universityId, cat.courseId);
  otherCourseId = await addCourse(cat.universityId, cat.courseId);
  const elsewhereCourseId = await addCourse(cat.universityId, cat.courseId);
  intake.march = await addIntake(termCourseId, {
    start: '2027-03-01',
    deadline: MARCH_DEADLINE,
    late: MARCH_LATE,
  });
  intake.july = await addIntake(termCourseId, { start: '2027-07-01', deadline: kl('2027-05-31T23:59') });
  intake.noLate = await addIntake(otherCourseId, { start: '2027-04-01', deadline: NO_LATE_DEADLINE });
  intake.closed = await addIntake(otherCourseId, {
    start: '2027-05-01',
    deadline: kl('2027-04-01T23:59'),
    open: false,
  });
  intake.capped = await addIntake(otherCourseId, {
    start: '2027-09-01',
    deadline: kl('2027-08-01T23:59'),
    cap: 2,
  });
  intake.elsewhere = await addIntake(elsewhereCourseId, {
    start: '2027-09-01',
    deadline: kl('2027-08-01T23:59'),
  });
});
afterAll(() => t?.close());

describe(`the course step's save with intakes (${testDbKind()})`, () => {
  it('accepts a bare id for a course without intakes and a course with its intake, and refuses the rest', async () => {
    const id = await completeApplication(t, agent, agentWho, 'IntkSave', [plainCourseId]);
    const rows = ok<{ universityCourseId: number; intakeId: number | null }[]>(
      await save(id, [plainCourseId, { universityCourseId: termCourseId, intakeId: intake.march }]),
    );
    expect(rows.map((r) => [r.universityCourseId, r.intakeId])).toEqual([
      [plainCourseId, null],
      [termCourseId, intake.march],
    ]);
    const refused = async (body: unknown, status: number, code: string) => {
      const res = await save(id, body);
      expect([res.status, (res.body as { code: string }).code], res.text).toEqual([status, code]);
    };
    // A course with intakes needs one (a spec client's bare id for it is refused, not guessed).
    await refused([plainCourseId, termCourseId], 400, 'intakeRequired');
    await refused(
      [{ universityCourseId: termCourseId, intakeId: intake.elsewhere }],
      400,
      'intakeNotOfCourse',
    );
    await refused([{ universityCourseId: plainCourseId, intakeId: intake.march }], 400, 'intakeNotOfCourse');
    await refused([{ universityCourseId: termCourseId, intakeId: 999_999 }], 400, 'intakeNotOfCourse');
    await refused(
      [
        { universityCourseId: termCourseId, intakeId: intake.march },
        { universityCourseId: termCourseId, intakeId: intake.july },
      ],
      400,
      'intakeTwice',
    );
    // The refused saves changed nothing; choosing July instead replaces March.
    const july = ok<{ intakeId: number | null }[]>(
      await save(id, [{ universityCourseId: termCourseId, intakeId: intake.july }]),
    );
    expect(july.map((r) => r.intakeId)).toEqual([intake.july]);
  });
});

describe(`the confirm checks each intake at the app clock's now (${testDbKind()})`, () => {
  it("takes the deadline's last instant in both zones' terms and refuses 1 ms later", async () => {
    // 23:59 in Kuala Lumpur (UTC+8) is 20:59 in Tashkent (UTC+5): the same instant.
    expect(MARCH_DEADLINE).toBe('2027-01-31T15:59:00.000Z');
    expect(wallClockIn(MARCH_DEADLINE, APPLICANT_TIME_ZONE)).toBe('2027-01-31T20:59');
    expect(instantOfWallClock('2027-02-15T20:59', APPLICANT_TIME_ZONE)).toBe(NO_LATE_DEADLINE);

    const id = await completeApplication(t, agent, agentWho, 'IntkEdge', [
      plainCourseId,
      { universityCourseId: otherCourseId, intakeId: intake.closed },
    ]);
    clock.set('2027-01-10T00:00:00Z');
    const closed = await confirm(id);
    expect([closed.status, closed.body]).toMatchObject([
      409,
      { code: 'intakeClosed', params: { intakeId: intake.closed, state: 'closed' } },
    ]);

    ok(await save(id, [plainCourseId, { universityCourseId: otherCourseId, intakeId: intake.noLate }]));
    clock.set(plus(NO_LATE_DEADLINE, 1));
    const past = await confirm(id);
    expect([past.status, past.body]).toMatchObject([409, { code: 'intakePast', params: { state: 'past' } }]);
    // Nothing was submitted by the refused confirms, the bare-id course neither.
    const review = ok<{ courses: { submitted: boolean }[] }>(
      await agent.get(`/Review/getReview?studentId=${id}`),
    );
    expect(review.courses.map((c) => c.submitted)).toEqual([false, false]);

    // Exactly at the deadline, read on a Tashkent clock: 20:59 there.
    clock.set(instantOfWallClock('2027-02-15T20:59', APPLICANT_TIME_ZONE)!);
    expect(ok(await confirm(id))).toMatchObject({ step: 11, submitted: [plainCourseId, otherCourseId] });
  });

  it('takes late applications up to the late deadline exactly, and refuses 1 ms later', async () => {
    const id = await completeApplication(t, agent, agentWho, 'IntkLate', [
      { universityCourseId: termCourseId, intakeId: intake.march },
    ]);
    clock.set(plus(MARCH_LATE, 1));
    expect((await confirm(id)).body).toMatchObject({ code: 'intakePast' });
    clock.set(MARCH_LATE);
    expect(ok(await confirm(id))).toMatchObject({ submitted: [termCourseId] });
  });

  it('asks for an intake when a course with intakes was chosen without one (the generic add)', async () => {
    const id = await completeApplication(t, agent, agentWho, 'IntkGeneric', [plainCourseId]);
    ok(await agent.post('/StudentCourse/add', { studentId: id, universityCourseId: termCourseId }));
    clock.set('2027-01-10T00:00:00Z');
    const res = await confirm(id);
    expect([res.status, res.body]).toMatchObject([
      409,
      { code: 'intakeRequired', params: { universityCourseId: termCourseId } },
    ]);
  });

  it('a bare id for a course without intakes is confirmed whatever the clock says', async () => {
    const id = await completeApplication(t, agent, agentWho, 'IntkPlain', [plainCourseId]);
    clock.set('2099-01-01T00:00:00Z');
    expect(ok(await confirm(id))).toMatchObject({ submitted: [plainCourseId] });
  });
});

describe(`a later intake of the same course (${testDbKind()})`, () => {
  it('only once the earlier application is final (rejected here)', async () => {
    const id = await completeApplication(t, agent, agentWho, 'IntkAgain', [
      { universityCourseId: termCourseId, intakeId: intake.march },
    ]);
    clock.set(MARCH_DEADLINE);
    ok(await confirm(id));
    const july = [{ universityCourseId: termCourseId, intakeId: intake.july }];
    const live = await save(id, july);
    expect([live.status, (live.body as { code: string }).code]).toEqual([409, 'applicationLive']);

    const march = await applicationOf(id, intake.march);
    ok(
      await admin.post('/ApplicationStatus/move', { studentCourseId: march, to: 'underReview', version: 0 }),
    );
    ok(await admin.post('/ApplicationStatus/move', { studentCourseId: march, to: 'rejected', version: 1 }));
    const rows = ok<{ intakeId: number | null; submittedAt: string | null }[]>(await save(id, july));
    // The rejected March application stays; July is a new application, confirmed as usual.
    expect(rows.map((r) => [r.intakeId, r.submittedAt !== null])).toEqual([
      [intake.march, true],
      [intake.july, false],
    ]);
    expect(ok(await confirm(id))).toMatchObject({ submitted: [termCourseId] });
  });
});

describe(`the seat cap under concurrent confirms (${testDbKind()})`, () => {
  it('N students confirming at once into a cap of 2: exactly 2 succeed; a withdrawal frees a seat', async () => {
    clock.set('2027-01-10T00:00:00Z');
    const choice = [{ universityCourseId: otherCourseId, intakeId: intake.capped }];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await completeApplication(t, agent, agentWho, `IntkCap${i}`, choice));
    const answers = await Promise.all(ids.map(confirm));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body).toMatchObject({
        code: 'intakeFull',
        params: { intakeId: intake.capped, state: 'full' },
      });

    const winner = ids[statuses.indexOf(200)]!;
    const loser = ids[statuses.indexOf(409)]!;
    const seat = await applicationOf(winner, intake.capped);
    ok(await agent.post('/ApplicationStatus/withdraw', { studentCourseId: seat, version: 0 }));
    expect(ok(await confirm(loser))).toMatchObject({ submitted: [otherCourseId] });
    expect((await confirm(ids[statuses.lastIndexOf(409)]!)).body).toMatchObject({ code: 'intakeFull' });
  });
});
