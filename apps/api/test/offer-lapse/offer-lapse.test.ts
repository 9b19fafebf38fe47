// @both-databases: two apps run the lapse job and the reminders at once; row locks (SKIP LOCKED) and the sent-reminder key hold each move and reminder to one (PostgreSQL's locking)
import {
  formatDateTime,
  intakeStartInstant,
  type TAppLanguage,
  type TApplicationStatus,
  type TUserNotificationList,
} from '@uniapply/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  applicationStatusHistory,
  intakes,
  mailJobs,
  offerConditions,
  offers,
  userNotifications,
  users,
} from '../../src/db/schema/index.js';
import { runOfferLapse } from '../../src/modules/offer-lapse/lapse.js';
import { sendReminders } from '../../src/modules/reminders/send.js';
import { readSettings } from '../../src/settings/store.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { forceStatus, submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { TestClock } from '../clock.js';
import { testDbKind } from '../db.js';
import { at, DAY, MINUTE, rendered, twiceAndInTwoProcesses, twoProcesses } from '../jobs/two-processes.js';
import {
  client,
  seedCatalogue,
  type TClient,
  universityBody,
  universityCourseBody,
} from '../resources/helpers.js';

// Issue 22 items 4 and 6: with the clock moved, an offer not answered by its answer-by date lapses
// and an offer with a condition still pending at its intake's start ends in conditionsNotMet (the
// system's moves, with their history, notification and mails), once however often and in however
// many processes the job runs; and the reminders of an offer's answer-by date (7 and 2 days ahead)
// and of a pending condition (14 days before the intake starts), once each, to the student and the
// owning agent.

const clock = new TestClock(new Date());
let t: TestApp & { filesDir: string };
/** A second API process on the same database. */
let t2: TestApp;
let agentWho: SignedIn;
let agent: TClient;
let admin: TClient;
let adminWho: SignedIn;
let universityCourseId: number;
/** Courses to apply to (the first is universityCourseId), each with an intake far ahead; an offer may name another. */
const choices: { universityCourseId: number; intakeId: number }[] = [];

beforeAll(async () => {
  ({ t, t2 } = await twoProcesses(clock));
  adminWho = await signInAs(t, 'lapse.admin@apps.test', 'Admin');
  admin = client(t, adminWho);
  agentWho = await signInAs(t, 'lapse.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  const seeded = await seedCatalogue(admin, 'Lapse');
  universityCourseId = seeded.universityCourseId;
  const courses = [universityCourseId];
  for (let i = 2; i <= 8; i++) {
    const universityId = ok<{ id: number }>(
      await admin.post('/University/add', universityBody(`Lapse University ${i}`)),
    ).id;
    courses.push(
      ok<{ id: number }>(
        await admin.post(
          '/UniversityCourse/AddUniversityCourse',
          universityCourseBody(universityId, seeded.courseId),
        ),
      ).id,
    );
  }
  for (const id of courses)
    choices.push({ universityCourseId: id, intakeId: await intakeStarting('2040-09-01', id) });
}, 120_000);
afterAll(async () => {
  await t2?.close();
  await t?.close();
});

const db = () => t.database.db;

/** A student account of its own (a student has one profile: one set of applications per test). */
async function newStudent(tag: string, language: TAppLanguage = 'en') {
  const who = await signInAs(t, `lapse.${tag.toLowerCase()}@apps.test`, 'Student');
  await setLanguage(who.userId, language);
  return { studentWho: who, student: client(t, who) };
}

/** Applications of `c` (one per course of the list), put straight into `status`. */
async function applications(
  c: TClient,
  who: SignedIn,
  marker: string,
  n: number,
  status: TApplicationStatus,
) {
  const own = await submitted(t, c, who, marker, choices.slice(0, n));
  for (const id of own.applications) await forceStatus(t, id, status);
  return own;
}

/** An offer on the application (the record an admin's move makes), with its conditions' states. */
async function offer(
  studentCourseId: number,
  o: { answerBy: Date; answeredAt?: Date; intakeId?: number; conditions?: ('pending' | 'met')[] },
) {
  const [row] = await db()
    .insert(offers)
    .values({
      studentCourseId,
      type: o.conditions?.length ? 'conditional' : 'unconditional',
      intakeId: o.intakeId ?? null,
      answerBy: o.answerBy.toISOString(),
      answeredAt: o.answeredAt?.toISOString() ?? null,
    })
    .returning({ id: offers.id });
  for (const [position, state] of (o.conditions ?? []).entries())
    await db()
      .insert(offerConditions)
      .values({ offerId: row!.id, position, kind: 'englishTest', text: 'IELTS 6.0', state });
  return row!.id;
}

async function intakeStarting(startDate: string, course = universityCourseId) {
  const [row] = await db()
    .insert(intakes)
    .values({
      universityCourseId: course,
      startDate,
      applicationDeadline: at(`${startDate}T00:00:00Z`, -60 * DAY).toISOString(),
      acceptanceDeadline: at(`${startDate}T00:00:00Z`, -30 * DAY).toISOString(),
    })
    .returning({ id: intakes.id });
  return row!.id;
}

const statusOf = async (studentCourseId: number) =>
  (
    await db()
      .select({ status: applicationStatuses.status, version: applicationStatuses.version })
      .from(applicationStatuses)
      .where(eq(applicationStatuses.studentCourseId, studentCourseId))
  )[0]!;

const historyOf = (studentCourseIds: number[]) =>
  db()
    .select({
      studentCourseId: applicationStatusHistory.studentCourseId,
      from: applicationStatusHistory.fromStatus,
      to: applicationStatusHistory.toStatus,
      byUserId: applicationStatusHistory.byUserId,
    })
    .from(applicationStatusHistory)
    .where(
      and(
        inArray(applicationStatusHistory.studentCourseId, studentCourseIds),
        inArray(applicationStatusHistory.toStatus, ['offerLapsed', 'conditionsNotMet']),
      ),
    )
    .orderBy(asc(applicationStatusHistory.id));

/** The states of the conditions of the application's offer, in their order. */
const conditionStates = async (studentCourseId: number) =>
  (
    await db()
      .select({ state: offerConditions.state, decidedBy: offerConditions.decidedBy })
      .from(offerConditions)
      .innerJoin(offers, eq(offers.id, offerConditions.offerId))
      .where(eq(offers.studentCourseId, studentCourseId))
      .orderBy(asc(offerConditions.position))
  ).map((c) => c.state);

/** The stored notifications and the mails of one kind about these applications / this student. */
async function toldAbout(studentId: number, studentCourseIds: number[], kind: string) {
  const notifications = await db()
    .select({
      userId: userNotifications.userId,
      studentCourseId: userNotifications.studentCourseId,
      payload: userNotifications.payload,
    })
    .from(userNotifications)
    .where(
      and(eq(userNotifications.kind, kind), inArray(userNotifications.studentCourseId, studentCourseIds)),
    )
    .orderBy(asc(userNotifications.id));
  const mails = await db()
    .select({
      kind: mailJobs.kind,
      audience: mailJobs.audience,
      language: mailJobs.language,
      subject: mailJobs.subject,
      params: mailJobs.params,
      userId: mailJobs.userId,
    })
    .from(mailJobs)
    .where(and(eq(mailJobs.studentId, studentId), eq(mailJobs.kind, kind)))
    .orderBy(asc(mailJobs.id));
  return { notifications, mails };
}

const setLanguage = (userId: number, language: TAppLanguage) =>
  db().update(users).set({ appLanguage: language }).where(eq(users.id, userId));

/** The lapse job's work at `now`: twice in a row, then in both apps at once. */
const lapseTwiceAndInTwoProcesses = (now: Date) =>
  twiceAndInTwoProcesses(t, t2, (app) => runOfferLapse(app.app, now));

const remindIn = async (app: TestApp, now: Date) =>
  sendReminders(app.database.db, now, await readSettings(app.database.db));
const remindTwiceAndInTwoProcesses = (now: Date) =>
  twiceAndInTwoProcesses(t, t2, (app) => remindIn(app, now));

describe(`offer lapse (${testDbKind()})`, { timeout: 180_000 }, () => {
  it('an offer not answered by its answer-by date lapses, by the system, once; the student is told', async () => {
    const { student, studentWho } = await newStudent('Lapsed', 'uz');
    const own = await applications(student, studentWho, 'Lapsed', 2, 'conditionalOffer');
    const [due, answered] = own.applications as [number, number];
    const answerBy = at(new Date(), 3 * DAY);
    await offer(due, { answerBy, conditions: ['pending'] });
    // Accepted in time: never lapses.
    await forceStatus(t, answered, 'offerAccepted');
    await offer(answered, { answerBy, answeredAt: at(answerBy, -DAY) });

    const before = await lapseTwiceAndInTwoProcesses(at(answerBy, -5 * MINUTE));
    expect(before.every((r) => r.lapsed === 0 && r.notMet === 0)).toBe(true);
    expect((await statusOf(due)).status).toBe('conditionalOffer');

    const runs = await lapseTwiceAndInTwoProcesses(at(answerBy, 5 * MINUTE));
    expect(runs.reduce((n, r) => n + r.lapsed, 0)).toBe(1);
    expect(runs[0]).toEqual({ lapsed: 1, notMet: 0 });
    expect(await statusOf(due)).toEqual({ status: 'offerLapsed', version: 1 });
    expect(await statusOf(answered)).toEqual({ status: 'offerAccepted', version: 0 });
    expect(await historyOf(own.applications)).toEqual([
      { studentCourseId: due, from: 'conditionalOffer', to: 'offerLapsed', byUserId: null },
    ]);

    // Told once: the stored notification (in the student's list) and the status mail in uz.
    const told = await toldAbout(own.studentId, own.applications, 'statusChanged');
    expect(told.notifications).toEqual([
      {
        userId: studentWho.userId,
        studentCourseId: due,
        payload: { from: 'conditionalOffer', to: 'offerLapsed', message: null },
      },
    ]);
    expect(told.mails.filter((m) => (m.params as { to: string }).to === 'offerLapsed')).toHaveLength(1);
    expect(told.mails.at(-1)).toMatchObject({ audience: 'student', language: 'uz' });
    const mine = ok<TUserNotificationList>(await student.get('/UserNotification/list'));
    expect(mine.items[0]).toMatchObject({ kind: 'statusChanged', studentCourseId: due });

    // Later runs change nothing.
    await lapseTwiceAndInTwoProcesses(at(answerBy, 30 * DAY));
    expect(await historyOf(own.applications)).toHaveLength(1);
  });

  it('an unconditional offer lapses too; a status the system may not lapse from is left alone', async () => {
    const { student, studentWho } = await newStudent('Uncond');
    const own = await applications(student, studentWho, 'Uncond', 2, 'unconditionalOffer');
    const [open, withdrawn] = own.applications as [number, number];
    const answerBy = at(new Date(), DAY);
    await offer(open, { answerBy });
    await forceStatus(t, withdrawn, 'withdrawn');
    await offer(withdrawn, { answerBy });
    expect((await runOfferLapse(t.app, at(answerBy, MINUTE))).lapsed).toBe(1);
    expect((await statusOf(open)).status).toBe('offerLapsed');
    expect(await statusOf(withdrawn)).toEqual({ status: 'withdrawn', version: 0 });
  });

  it('a condition still pending when the intake starts (00:00 in Kuala Lumpur): conditionsNotMet; met conditions or a later intake: nothing', async () => {
    await setLanguage(agentWho.userId, 'ru');
    const startDate = '2031-09-01';
    const starts = new Date(intakeStartInstant(startDate));
    expect(starts.toISOString()).toBe('2031-08-31T16:00:00.000Z');
    const starting = await intakeStarting(startDate);
    const laterIntake = await intakeStarting('2031-09-02');
    const own = await applications(agent, agentWho, 'Notmet', 4, 'offerAccepted');
    const [pending, met, later, paid] = own.applications as [number, number, number, number];
    const answered = { answerBy: at(starts, -60 * DAY), answeredAt: at(starts, -61 * DAY) };
    await offer(pending, { ...answered, intakeId: starting, conditions: ['met', 'pending'] });
    await offer(met, { ...answered, intakeId: starting, conditions: ['met', 'met'] });
    await offer(later, { ...answered, intakeId: laterIntake, conditions: ['pending'] });
    await forceStatus(t, paid, 'depositPaid');
    await offer(paid, { ...answered, intakeId: starting, conditions: ['pending'] });

    const before = await lapseTwiceAndInTwoProcesses(at(starts, -MINUTE));
    expect(before.every((r) => r.notMet === 0)).toBe(true);
    const runs = await lapseTwiceAndInTwoProcesses(at(starts, MINUTE));
    expect(runs.reduce((n, r) => n + r.notMet, 0)).toBe(2);
    expect((await statusOf(pending)).status).toBe('conditionsNotMet');
    expect((await statusOf(paid)).status).toBe('conditionsNotMet');
    expect((await statusOf(met)).status).toBe('offerAccepted');
    expect((await statusOf(later)).status).toBe('offerAccepted');
    expect(await historyOf(own.applications)).toEqual([
      { studentCourseId: pending, from: 'offerAccepted', to: 'conditionsNotMet', byUserId: null },
      { studentCourseId: paid, from: 'depositPaid', to: 'conditionsNotMet', byUserId: null },
    ]);
    // The conditions still pending are not met now (the met one stays met); others untouched.
    expect(await conditionStates(pending)).toEqual(['met', 'notMet']);
    expect(await conditionStates(paid)).toEqual(['notMet']);
    expect(await conditionStates(later)).toEqual(['pending']);
    // The owning agent is told (stored notification); the mails go to the profile and the agent.
    const told = await toldAbout(own.studentId, own.applications, 'statusChanged');
    expect(told.notifications.map((n) => [n.userId, n.studentCourseId])).toEqual([
      [agentWho.userId, pending],
      [agentWho.userId, paid],
    ]);
    expect(told.mails.map((m) => m.audience).sort()).toEqual(['agent', 'agent', 'profile', 'profile']);
    const agentMail = told.mails.find((m) => m.audience === 'agent')!;
    expect(agentMail.language).toBe('ru');
    expect(rendered(agentMail).subject).toContain('Условия предложения не выполнены');
    // Both name the conditions that were pending (the met one is not named), each in its language.
    expect(told.notifications.map((n) => n.payload)).toEqual([
      {
        from: 'offerAccepted',
        to: 'conditionsNotMet',
        message: null,
        conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }],
      },
      {
        from: 'depositPaid',
        to: 'conditionsNotMet',
        message: null,
        conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }],
      },
    ]);
    expect(rendered(agentMail).text).toContain('- Экзамен по английскому: IELTS 6.0');
    const agentList = ok<TUserNotificationList>(await agent.get('/UserNotification/list'));
    expect(agentList.items.find((n) => n.studentCourseId === pending)?.payload).toMatchObject({
      conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }],
    });

    // The next day the later intake starts.
    await lapseTwiceAndInTwoProcesses(at(starts, DAY + MINUTE));
    expect((await statusOf(later)).status).toBe('conditionsNotMet');
    expect(await historyOf(own.applications)).toHaveLength(3);
  });

  it('an admin who moves an application to conditionsNotMet: its pending conditions are not met, decided by them', async () => {
    const { student, studentWho } = await newStudent('Adminnotmet');
    const own = await applications(student, studentWho, 'Adminnotmet', 1, 'offerAccepted');
    const id = own.applications[0]!;
    await offer(id, {
      answerBy: at(new Date(), -DAY),
      answeredAt: at(new Date(), -2 * DAY),
      conditions: ['met', 'pending'],
    });
    ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: id,
        to: 'conditionsNotMet',
        version: 0,
      }),
    );
    expect(await conditionStates(id)).toEqual(['met', 'notMet']);
    const decided = await db()
      .select({ decidedBy: offerConditions.decidedBy })
      .from(offerConditions)
      .innerJoin(offers, eq(offers.id, offerConditions.offerId))
      .where(and(eq(offers.studentCourseId, id), eq(offerConditions.state, 'notMet')));
    expect(decided).toEqual([{ decidedBy: adminWho.userId }]);
    // The student is told which conditions were not met (the pending one only).
    const told = await toldAbout(own.studentId, [id], 'statusChanged');
    expect(told.notifications.at(-1)?.payload).toEqual({
      from: 'offerAccepted',
      to: 'conditionsNotMet',
      message: null,
      conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }],
    });
    expect(rendered(told.mails.at(-1)!).text).toContain('- English test: IELTS 6.0');
  });

  it('two processes at once over many due offers: each application moves once', async () => {
    const { student, studentWho } = await newStudent('Concurrent');
    const own = await applications(student, studentWho, 'Concurrent', 8, 'conditionalOffer');
    const answerBy = at(new Date(), 2 * DAY);
    for (const id of own.applications) await offer(id, { answerBy, conditions: ['pending'] });
    const now = at(answerBy, MINUTE);
    const runs = await Promise.all([
      runOfferLapse(t.app, now),
      runOfferLapse(t2.app, now),
      runOfferLapse(t.app, now),
      runOfferLapse(t2.app, now),
    ]);
    expect(runs.reduce((n, r) => n + r.lapsed, 0)).toBe(8);
    const history = await historyOf(own.applications);
    expect(history.map((h) => h.studentCourseId).sort((a, b) => a - b)).toEqual(own.applications);
    for (const id of own.applications)
      expect(await statusOf(id)).toEqual({ status: 'offerLapsed', version: 1 });
    const told = await toldAbout(own.studentId, own.applications, 'statusChanged');
    expect(told.notifications).toHaveLength(8);
  });

  it('the recurring job offerLapse.run: registered at start, run by one of two apps once due', async () => {
    const { student, studentWho } = await newStudent('Job');
    const own = await applications(student, studentWho, 'Job', 1, 'unconditionalOffer');
    const id = own.applications[0]!;
    const [job] = await db()
      .execute(sql`select run_at from jobs where kind = 'offerLapse.run'`)
      .then((r) => (r as unknown as { rows: { run_at: string | Date }[] }).rows);
    expect(new Date(job!.run_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * MINUTE);
    const due = at(job!.run_at, MINUTE);
    await offer(id, { answerBy: at(due, -MINUTE) });
    clock.set(due);
    const totals = await Promise.all([t.app.jobs.runDue(due), t2.app.jobs.runDue(due)]);
    expect(totals.reduce((n, x) => n + x.done, 0)).toBeGreaterThanOrEqual(1);
    expect((await statusOf(id)).status).toBe('offerLapsed');
    clock.set(new Date());
  });
});

describe(`offer reminders (${testDbKind()})`, { timeout: 180_000 }, () => {
  it('an unanswered offer 7 and 2 days before its answer-by date, once each, the date in both zones; none once answered', async () => {
    const { student, studentWho } = await newStudent('Remindoffer', 'uz');
    const own = await applications(student, studentWho, 'Remindoffer', 2, 'conditionalOffer');
    const [open, answered] = own.applications as [number, number];
    const answerBy = at(new Date(), 20 * DAY);
    answerBy.setUTCSeconds(0, 0);
    await offer(open, { answerBy, conditions: ['pending'] });
    await forceStatus(t, answered, 'offerAccepted');
    await offer(answered, { answerBy, answeredAt: new Date() });

    await remindTwiceAndInTwoProcesses(at(answerBy, -7 * DAY - 5 * MINUTE));
    expect((await toldAbout(own.studentId, own.applications, 'reminderOffer')).mails).toEqual([]);
    await remindTwiceAndInTwoProcesses(at(answerBy, -7 * DAY + 5 * MINUTE));
    const first = await toldAbout(own.studentId, own.applications, 'reminderOffer');
    expect(first.notifications).toEqual([
      { userId: studentWho.userId, studentCourseId: open, payload: { answerBy: answerBy.toISOString() } },
    ]);
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]).toMatchObject({ audience: 'student', language: 'uz', userId: studentWho.userId });
    expect(first.mails[0]!.subject).toContain('Taklif javobingizni kutmoqda');
    const text = rendered(first.mails[0]!).text;
    expect(text).toContain(`- ${formatDateTime(answerBy, 'uz', 'Asia/Kuala_Lumpur')} (Kuala-Lumpur vaqti)`);
    expect(text).toContain(`- ${formatDateTime(answerBy, 'uz', 'Asia/Tashkent')} (Toshkent vaqti)`);
    expect(text).toContain('oʻz kuchini yoʻqotadi');

    await remindTwiceAndInTwoProcesses(at(answerBy, -2 * DAY - 5 * MINUTE));
    expect((await toldAbout(own.studentId, own.applications, 'reminderOffer')).mails).toHaveLength(1);
    await remindTwiceAndInTwoProcesses(at(answerBy, -2 * DAY + 5 * MINUTE));
    expect((await toldAbout(own.studentId, own.applications, 'reminderOffer')).notifications).toHaveLength(2);
    await remindTwiceAndInTwoProcesses(at(answerBy, -MINUTE));
    const last = await toldAbout(own.studentId, own.applications, 'reminderOffer');
    expect(last.notifications).toHaveLength(2);
    expect(last.mails).toHaveLength(2);
    expect(last.notifications.every((n) => n.studentCourseId === open)).toBe(true);
  });

  it('a condition pending 14 days before the intake starts, once, to the owning agent and the profile; none when met', async () => {
    await setLanguage(agentWho.userId, 'en');
    const startDate = '2032-02-01';
    const starts = new Date(intakeStartInstant(startDate));
    const starting = await intakeStarting(startDate);
    const own = await applications(agent, agentWho, 'Remindcond', 2, 'offerAccepted');
    const [pending, met] = own.applications as [number, number];
    const answered = { answerBy: at(starts, -60 * DAY), answeredAt: at(starts, -61 * DAY) };
    await offer(pending, { ...answered, intakeId: starting, conditions: ['met', 'pending'] });
    await offer(met, { ...answered, intakeId: starting, conditions: ['met'] });

    await remindTwiceAndInTwoProcesses(at(starts, -14 * DAY - 5 * MINUTE));
    expect((await toldAbout(own.studentId, own.applications, 'reminderCondition')).mails).toEqual([]);
    await remindTwiceAndInTwoProcesses(at(starts, -14 * DAY + 5 * MINUTE));
    const first = await toldAbout(own.studentId, own.applications, 'reminderCondition');
    expect(first.notifications).toEqual([
      { userId: agentWho.userId, studentCourseId: pending, payload: { intakeStart: starts.toISOString() } },
    ]);
    expect(first.mails.map((m) => m.audience).sort()).toEqual(['agent', 'profile']);
    const agentMail = rendered(first.mails.find((m) => m.audience === 'agent')!).text;
    expect(agentMail).toContain('still has conditions that are not met');
    expect(agentMail).toContain('- 1 Feb 2032, 00:00 (Kuala Lumpur time)');
    expect(agentMail).toContain('- 31 Jan 2032, 21:00 (Tashkent time)');

    await remindTwiceAndInTwoProcesses(at(starts, -2 * DAY));
    await remindTwiceAndInTwoProcesses(at(starts, -MINUTE));
    const later = await toldAbout(own.studentId, own.applications, 'reminderCondition');
    expect(later.notifications).toHaveLength(1);
    expect(later.mails).toHaveLength(2);
    // The agent's list shows it.
    const theirs = ok<TUserNotificationList>(await agent.get('/UserNotification/list'));
    expect(theirs.items.find((n) => n.kind === 'reminderCondition')).toMatchObject({
      studentCourseId: pending,
      payload: { intakeStart: starts.toISOString() },
    });
  });
});
