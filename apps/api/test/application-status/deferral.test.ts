import {
  formatDate,
  instantOfWallClock,
  intakeStartInstant,
  type TStatusHistoryEntry,
  type TUserNotificationList,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakes, studentCourses } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { completeApplication, ok } from '../application-wizard/complete.js';
import { TestClock } from '../clock.js';
import { createDocsApp } from '../documents/helpers.js';
import { rendered } from '../jobs/two-processes.js';
import { client, seedCatalogue, type TClient, universityCourseBody } from '../resources/helpers.js';
import { mailsOf, recordChanges } from './helpers.js';

// Issue 21 item 2: an admin moves a live application to a later intake of the same course (a
// deferral): admins only, recorded in the history, never undone.

const kl = (wall: string) => instantOfWallClock(wall, UNIVERSITY_TIME_ZONE)!;
const clock = new TestClock('2027-01-10T00:00:00Z');
let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let agent: TClient;
let studentId: number;
let application: number;
const intake = {} as Record<'march' | 'july' | 'september' | 'elsewhere', number>;

async function addIntake(universityCourseId: number, start: string, deadline: string, open = true) {
  const [row] = await t.database.db
    .insert(intakes)
    .values({
      universityCourseId,
      startDate: start,
      applicationDeadline: kl(deadline),
      acceptanceDeadline: kl(`${start}T23:59`),
      seatCap: 10,
      open,
    })
    .returning({ id: intakes.id });
  return row!.id;
}

const defer = (who: TClient, body: Record<string, unknown>) =>
  who.post('/ApplicationStatus/defer', { studentCourseId: application, version: 0, ...body });
const codeOf = (res: { status: number; body: unknown }) => [res.status, (res.body as { code?: string }).code];

beforeAll(async () => {
  t = await createDocsApp({}, { clock });
  admin = client(t, await signInAs(t, 'defer.admin@apps.test', 'Admin'));
  const agentWho = await signInAs(t, 'defer.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  const cat = await seedCatalogue(admin, 'Defer');
  const courseId = cat.universityCourseId;
  const other = ok<{ id: number }>(
    await admin.post(
      '/UniversityCourse/AddUniversityCourse',
      universityCourseBody(cat.universityId, cat.courseId),
    ),
  ).id;
  intake.march = await addIntake(courseId, '2027-03-01', '2027-01-31T23:59');
  intake.july = await addIntake(courseId, '2027-07-01', '2027-05-31T23:59');
  intake.september = await addIntake(courseId, '2027-09-01', '2027-07-31T23:59', false);
  intake.elsewhere = await addIntake(other, '2027-09-01', '2027-07-31T23:59');
  studentId = await completeApplication(t, agent, agentWho, 'Deferred', [
    { universityCourseId: courseId, intakeId: intake.march },
  ]);
  ok(await agent.post('/Stage/confirm', { studentId }));
  const [row] = await t.database.db
    .select({ id: studentCourses.id })
    .from(studentCourses)
    .where(and(eq(studentCourses.studentId, studentId), eq(studentCourses.intakeId, intake.march)));
  application = row!.id;
});
afterAll(() => t?.close());

describe('deferral to a later intake', () => {
  it('lists the later intakes of the course with their state, for admins only', async () => {
    const later = ok<{ id: number; state: string; seatsLeft: number | null; startDate: string }[]>(
      await admin.get(`/ApplicationStatus/laterIntakes?studentCourseId=${application}`),
    );
    expect(later.map((i) => [i.id, i.state, i.seatsLeft])).toEqual([
      [intake.july, 'open', 10],
      [intake.september, 'closed', 10],
    ]);
    expect((await agent.get(`/ApplicationStatus/laterIntakes?studentCourseId=${application}`)).status).toBe(
      403,
    );
    expect((await admin.get('/ApplicationStatus/laterIntakes?studentCourseId=999999')).status).toBe(404);
  });

  it('refuses non-admins, a missing application, an intake not later or of another course, a stale version', async () => {
    expect((await defer(agent, { intakeId: intake.july })).status).toBe(403);
    expect(codeOf(await defer(admin, { studentCourseId: 999_999, intakeId: intake.july }))).toEqual([
      404,
      'notFound',
    ]);
    expect(codeOf(await defer(admin, { intakeId: intake.march }))).toEqual([400, 'intakeNotLater']);
    expect(codeOf(await defer(admin, { intakeId: intake.elsewhere }))).toEqual([400, 'intakeNotLater']);
    expect(codeOf(await defer(admin, { intakeId: intake.july, version: 7 }))).toEqual([
      409,
      'statusConflict',
    ]);
  });

  it('moves the application, keeps its status, records it in the history, and has no undo', async () => {
    const state = ok<{ status: string; version: number }>(
      await defer(admin, { intakeId: intake.july, message: 'Visa delayed' }),
    );
    expect(state).toMatchObject({ status: 'submitted', version: 1 });
    const [row] = await t.database.db
      .select({ intakeId: studentCourses.intakeId })
      .from(studentCourses)
      .where(eq(studentCourses.id, application));
    expect(row!.intakeId).toBe(intake.july);
    const detail = ok<{ history: TStatusHistoryEntry[] }>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${application}`),
    );
    // The entry names the intakes it moved between, by their start dates; other entries none.
    expect(detail.history.at(-1)).toMatchObject({
      from: 'submitted',
      to: 'submitted',
      message: 'Visa delayed',
      deferral: { fromStartDate: '2027-03-01', toStartDate: '2027-07-01' },
    });
    expect(detail.history.at(0)).toMatchObject({ from: null, to: 'submitted', deferral: null });
    expect(
      codeOf(await admin.post('/ApplicationStatus/undo', { studentCourseId: application, version: 1 })),
    ).toEqual([409, 'undoUnavailable']);
    // March is now earlier than the application's intake.
    expect(codeOf(await defer(admin, { intakeId: intake.march, version: 1 }))).toEqual([
      400,
      'intakeNotLater',
    ]);
  });

  it('tells the applicant side (issue 21 left): a stored intakeDeferred naming both intakes, a mail, pushed live', async () => {
    const list = ok<TUserNotificationList>(await agent.get('/UserNotification/list'));
    const told = list.items.filter((n) => n.kind === 'intakeDeferred');
    expect(told).toEqual([
      expect.objectContaining({
        studentCourseId: application,
        payload: { fromStartDate: '2027-03-01', toStartDate: '2027-07-01', message: 'Visa delayed' },
      }),
    ]);
    const mails = (await mailsOf(t, studentId)).filter((m) => m.kind === 'intakeDeferred');
    expect(mails.map((m) => m.audience)).toEqual(['profile', 'agent']);
    // In the agent's language (none saved: Uzbek), each intake by its start date.
    const uz = rendered(mails[1]!);
    expect(uz.subject).toMatch(/^Ariza keyingi qabulga koʻchirildi: /);
    expect(uz.text).toContain(formatDate(intakeStartInstant('2027-03-01'), 'uz', UNIVERSITY_TIME_ZONE));
    expect(uz.text).toContain(formatDate(intakeStartInstant('2027-07-01'), 'uz', UNIVERSITY_TIME_ZONE));
    expect(uz.text).toContain('Visa delayed');
    // Pushed live to the applicant's side and the admins.
    const pushed = recordChanges(t);
    try {
      ok(await defer(admin, { intakeId: intake.september, version: 1 }));
    } finally {
      pushed.stop();
    }
    expect(pushed.seen).toEqual([
      expect.objectContaining({
        kind: 'intakeDeferred',
        studentCourseId: application,
        fromStartDate: '2027-07-01',
        toStartDate: '2027-09-01',
        message: null,
      }),
    ]);
  });

  it('refuses a final application (rejected)', async () => {
    ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: application,
        to: 'underReview',
        version: 2,
      }),
    );
    ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: application,
        to: 'rejected',
        version: 3,
      }),
    );
    expect(codeOf(await defer(admin, { intakeId: intake.september, version: 4 }))).toEqual([
      409,
      'statusConflict',
    ]);
  });
});
