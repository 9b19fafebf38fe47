// @both-databases: two apps send reminders at once; the sent-reminder key holds them to one (row locks on PostgreSQL)
import {
  DEFAULT_SETTINGS,
  formatDateTime,
  type TAppLanguage,
  type TStatusOverview,
  type TUserNotificationList,
} from '@uniapply/shared';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentRequests,
  intakes,
  mailJobs,
  remindersSent,
  studentCourses,
  userNotifications,
  users,
} from '../../src/db/schema/index.js';
import { sendReminders } from '../../src/modules/reminders/send.js';
import { readSettings } from '../../src/settings/store.js';
import { type SignedIn, signInAs, type TestApp } from '../app.js';
import { submitted } from '../application-status/helpers.js';
import { completeApplication, firstFiveSteps, ok } from '../application-wizard/complete.js';
import { TestClock } from '../clock.js';
import { testDbKind } from '../db.js';
import { at, DAY, MINUTE, rendered, twiceAndInTwoProcesses, twoProcesses } from '../jobs/two-processes.js';
import { client, seedCatalogue, studentInfoBody, type TClient } from '../resources/helpers.js';

// Issue 21 item 5: reminders as stored notifications and mails through the outbox, in the
// recipient's language, each once per idle period however often the job runs and however many
// processes run it (two apps on one database here); and the admin dashboard's count of the
// applications waiting longer than the Settings limit in each status.

const clock = new TestClock(new Date());
let t: TestApp & { filesDir: string };
/** A second API process on the same database. */
let t2: TestApp;
let admin: TClient;
let studentWho: SignedIn;
let student: TClient;
let agentWho: SignedIn;
let agent: TClient;
let universityCourseId: number;

beforeAll(async () => {
  ({ t, t2 } = await twoProcesses(clock));
  admin = client(t, await signInAs(t, 'reminders.admin@apps.test', 'Admin'));
  studentWho = await signInAs(t, 'reminders.student@apps.test', 'Student');
  student = client(t, studentWho);
  agentWho = await signInAs(t, 'reminders.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  ({ universityCourseId } = await seedCatalogue(admin, 'Remind'));
}, 120_000);
afterAll(async () => {
  await t2?.close();
  await t?.close();
});

/** The reminders job's work, as each app's job runs it, at `now`. */
const runIn = async (app: TestApp, now: Date) =>
  sendReminders(app.database.db, now, await readSettings(app.database.db));

/** Runs the job twice in a row and then in both apps at once, all at `now`. */
const runTwiceAndInTwoProcesses = (now: Date) => twiceAndInTwoProcesses(t, t2, (app) => runIn(app, now));

/** The reminder notifications and mails about a student's profile (or one application), oldest first. */
async function remindersOf(studentId: number, kind: string) {
  const courses = (
    await t.database.db
      .select({ id: studentCourses.id })
      .from(studentCourses)
      .where(eq(studentCourses.studentId, studentId))
  ).map((c) => c.id);
  const notifications = await t.database.db
    .select({
      kind: userNotifications.kind,
      userId: userNotifications.userId,
      payload: userNotifications.payload,
    })
    .from(userNotifications)
    .where(
      and(
        eq(userNotifications.kind, kind),
        sql`(${userNotifications.payload}->>'studentId' = ${String(studentId)} or ${inArray(
          userNotifications.studentCourseId,
          courses.length ? courses : [0],
        )})`,
      ),
    )
    .orderBy(asc(userNotifications.id));
  const mails = await t.database.db
    .select({
      kind: mailJobs.kind,
      userId: mailJobs.userId,
      audience: mailJobs.audience,
      language: mailJobs.language,
      subject: mailJobs.subject,
      params: mailJobs.params,
    })
    .from(mailJobs)
    .where(and(eq(mailJobs.studentId, studentId), eq(mailJobs.kind, kind)))
    .orderBy(asc(mailJobs.id));
  return { notifications, mails };
}

const setLanguage = (userId: number, language: TAppLanguage) =>
  t.database.db.update(users).set({ appLanguage: language }).where(eq(users.id, userId));

describe(`reminders (${testDbKind()})`, { timeout: 180_000 }, () => {
  it('(a) an unconfirmed application idle for 7 days: once per idle period, in the student’s language; a new save starts a new period', async () => {
    await setLanguage(studentWho.userId, 'uz');
    const saved = new Date();
    const studentId = await firstFiveSteps(t, student, studentWho, 'Idle');

    await runTwiceAndInTwoProcesses(at(saved, 7 * DAY - 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderIdle')).notifications).toEqual([]);

    await runTwiceAndInTwoProcesses(at(saved, 7 * DAY + 5 * MINUTE));
    const first = await remindersOf(studentId, 'reminderIdle');
    expect(first.notifications).toEqual([
      { kind: 'reminderIdle', userId: studentWho.userId, payload: { studentId, step: 4 } },
    ]);
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]).toMatchObject({ audience: 'student', language: 'uz', userId: studentWho.userId });
    expect(first.mails[0]!.subject).toBe('Arizangiz sizni kutmoqda');
    const text = rendered(first.mails[0]!).text;
    expect(text).toContain('toʻldirishni boshlagansiz');
    expect(text).toContain('4-qadamdan davom eting');
    // The student's list shows it, naming the student (no course: the wizard is the student's).
    const mine = ok<TUserNotificationList>(await student.get('/UserNotification/list'));
    expect(mine.items.find((n) => n.kind === 'reminderIdle')).toMatchObject({
      studentCourseId: null,
      studentId,
      payload: { studentId, step: 4 },
    });

    // Days later, nothing new in the same idle period.
    await runTwiceAndInTwoProcesses(at(saved, 12 * DAY));
    expect((await remindersOf(studentId, 'reminderIdle')).mails).toHaveLength(1);

    // The student saves a step again: a new idle period, reminded 7 days after that save.
    const again = new Date();
    ok(
      await student.post(
        `/StudentInfo/CreateOrUpdate?studentId=${studentId}&stage=2`,
        studentInfoBody('Idle'),
      ),
    );
    await runTwiceAndInTwoProcesses(at(again, 7 * DAY - 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderIdle')).mails).toHaveLength(1);
    await runTwiceAndInTwoProcesses(at(again, 7 * DAY + 5 * MINUTE));
    const second = await remindersOf(studentId, 'reminderIdle');
    expect(second.notifications).toHaveLength(2);
    expect(second.mails).toHaveLength(2);
  });

  it('an admin’s own profile is not reminded; an account without status mails gets the notification only', async () => {
    const adminWho = await signInAs(t, 'reminders.admin2@apps.test', 'Admin');
    const quiet = await signInAs(t, 'reminders.quiet@apps.test', 'Student');
    await t.database.db.update(users).set({ statusMails: false }).where(eq(users.id, quiet.userId));
    const saved = new Date();
    const adminsOwn = await firstFiveSteps(t, client(t, adminWho), adminWho, 'Adminown');
    const quietOwn = await firstFiveSteps(t, client(t, quiet), quiet, 'Quiet');
    await runTwiceAndInTwoProcesses(at(saved, 7 * DAY + 5 * MINUTE));
    expect(await remindersOf(adminsOwn, 'reminderIdle')).toEqual({ notifications: [], mails: [] });
    const q = await remindersOf(quietOwn, 'reminderIdle');
    expect(q.notifications).toHaveLength(1);
    expect(q.mails).toEqual([]);
  });

  it('(b) an open documents request after 3 days, once; an answer starts a new period', async () => {
    const who = await signInAs(t, 'reminders.docs@apps.test', 'Student');
    await setLanguage(who.userId, 'ru');
    const c = client(t, who);
    const own = await submitted(t, c, who, 'Docs', [universityCourseId]);
    const id = own.applications[0]!;
    const asked = new Date();
    let state = ok<{ version: number }>(
      await admin.post('/ApplicationStatus/move', { studentCourseId: id, to: 'underReview', version: 0 }),
    );
    state = ok(
      await admin.post('/ApplicationStatus/move', {
        studentCourseId: id,
        to: 'documentsRequested',
        version: state.version,
        requests: [{ text: 'Bank statement' }, { text: 'Sponsor letter' }],
      }),
    );

    await runTwiceAndInTwoProcesses(at(asked, 3 * DAY - 5 * MINUTE));
    expect((await remindersOf(own.studentId, 'reminderDocuments')).mails).toEqual([]);
    await runTwiceAndInTwoProcesses(at(asked, 3 * DAY + 5 * MINUTE));
    const first = await remindersOf(own.studentId, 'reminderDocuments');
    expect(first.notifications).toEqual([{ kind: 'reminderDocuments', userId: who.userId, payload: {} }]);
    expect(first.mails).toHaveLength(1);
    expect(first.mails[0]).toMatchObject({ language: 'ru', audience: 'student' });
    const text = rendered(first.mails[0]!).text;
    expect(text).toContain('Мы всё ещё ждём эти документы');
    expect(text).toContain('- Bank statement\n- Sponsor letter');

    // One answered: the period restarts from the answer; the mail names what is still open.
    const answeredAt = new Date();
    await t.database.db
      .update(documentRequests)
      .set({ answeredAt: answeredAt.toISOString() })
      .where(and(eq(documentRequests.studentCourseId, id), eq(documentRequests.text, 'Bank statement')));
    await runTwiceAndInTwoProcesses(at(answeredAt, 3 * DAY - 5 * MINUTE));
    expect((await remindersOf(own.studentId, 'reminderDocuments')).mails).toHaveLength(1);
    await runTwiceAndInTwoProcesses(at(answeredAt, 3 * DAY + 5 * MINUTE));
    const second = await remindersOf(own.studentId, 'reminderDocuments');
    expect(second.mails).toHaveLength(2);
    expect(rendered(second.mails[1]!).text).toContain('- Sponsor letter\n\n');
    expect(rendered(second.mails[1]!).text).not.toContain('Bank statement');
  });

  it('(c) a deadline 7 and 2 days ahead for a started, unconfirmed application: the agent and the profile, both zones named', async () => {
    await setLanguage(agentWho.userId, 'en');
    const studentId = await completeApplication(t, agent, agentWho, 'Deadline', [universityCourseId]);
    const deadline = at(new Date(), 10 * DAY);
    deadline.setUTCSeconds(0, 0);
    const [intake] = await t.database.db
      .insert(intakes)
      .values({
        universityCourseId,
        startDate: '2027-09-01',
        applicationDeadline: deadline.toISOString(),
        acceptanceDeadline: at(deadline, 30 * DAY).toISOString(),
      })
      .returning({ id: intakes.id });
    await t.database.db
      .update(studentCourses)
      .set({ intakeId: intake!.id })
      .where(eq(studentCourses.studentId, studentId));
    // A confirmed application of the same intake is not reminded.
    // (The course has an intake now: the step names it.)
    const done = await submitted(t, student, studentWho, 'Confirmed', [
      { universityCourseId, intakeId: intake!.id },
    ]);

    const lead = DEFAULT_SETTINGS.reminderLeadDays * DAY;
    await runTwiceAndInTwoProcesses(at(deadline, -lead - 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderDeadline')).mails).toEqual([]);
    await runTwiceAndInTwoProcesses(at(deadline, -lead + 5 * MINUTE));
    const first = await remindersOf(studentId, 'reminderDeadline');
    // The owning agent is told; the mails go to the profile's address and the agent's copy.
    expect(first.notifications).toEqual([
      { kind: 'reminderDeadline', userId: agentWho.userId, payload: { deadline: deadline.toISOString() } },
    ]);
    expect(first.mails.map((m) => m.audience).sort()).toEqual(['agent', 'profile']);
    const agentMail = rendered(first.mails.find((m) => m.audience === 'agent')!).text;
    expect(agentMail).toContain('Deadline');
    expect(agentMail).toContain(
      `- ${formatDateTime(deadline, 'en', 'Asia/Kuala_Lumpur')} (Kuala Lumpur time)`,
    );
    expect(agentMail).toContain(`- ${formatDateTime(deadline, 'en', 'Asia/Tashkent')} (Tashkent time)`);

    await runTwiceAndInTwoProcesses(at(deadline, -2 * DAY - 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderDeadline')).mails).toHaveLength(2);
    await runTwiceAndInTwoProcesses(at(deadline, -2 * DAY + 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderDeadline')).notifications).toHaveLength(2);
    expect((await remindersOf(studentId, 'reminderDeadline')).mails).toHaveLength(4);
    await runTwiceAndInTwoProcesses(at(deadline, 5 * MINUTE));
    expect((await remindersOf(studentId, 'reminderDeadline')).mails).toHaveLength(4);
    expect((await remindersOf(done.studentId, 'reminderDeadline')).notifications).toEqual([]);
    const keys = await t.database.db
      .select({ kind: remindersSent.kind })
      .from(remindersSent)
      .where(like(remindersSent.kind, 'deadline%'))
      .orderBy(asc(remindersSent.sentAt));
    expect(keys.map((k) => k.kind)).toEqual(['deadlineLead', 'deadlineLast']);
  });

  it('the recurring job reminders.send: run by one of two apps once due, not again within the hour', async () => {
    const [job] = await t.database.db
      .execute(sql`select run_at from jobs where kind = 'reminders.send'`)
      .then((r) => (r as unknown as { rows: { run_at: string | Date }[] }).rows);
    // Registered at start as a recurring job, due within the hour.
    expect(new Date(job!.run_at).getTime() - Date.now()).toBeLessThanOrEqual(60 * MINUTE);
    const due = at(job!.run_at, MINUTE);
    clock.set(due);
    const totals = await Promise.all([t.app.jobs.runDue(due), t2.app.jobs.runDue(due)]);
    expect(totals.reduce((n, x) => n + x.done, 0)).toBeGreaterThanOrEqual(1);
    const after = await t.database.db.execute(
      sql`select run_at, last_error from jobs where kind = 'reminders.send'`,
    );
    const row = (after as unknown as { rows: { run_at: string | Date; last_error: string | null }[] })
      .rows[0]!;
    expect(row.last_error).toBeNull();
    expect(new Date(row.run_at).getTime()).toBe(due.getTime() + 3600_000);
    clock.set(new Date());
  });

  it('(d) the admin dashboard counts the applications waiting longer than statusWaitLimitDays in each status', async () => {
    const overview = async (now: Date) => {
      clock.set(now);
      return ok<TStatusOverview>(await admin.get('/ApplicationStatus/overview')).overdue;
    };
    const now = new Date();
    const before = await overview(now);
    expect(before.limitDays).toBe(14);
    expect(Object.values(before.counts).every((n) => n === 0)).toBe(true);
    const later = await overview(at(now, 14 * DAY + 5 * MINUTE));
    // The confirmed applications above are submitted, and one waits for documents.
    expect(later.counts.submitted).toBeGreaterThanOrEqual(1);
    expect(later.counts.documentsRequested).toBe(1);
    expect(later.counts).not.toHaveProperty('enrolled');
    ok(await admin.put('/Settings', { ...DEFAULT_SETTINGS, statusWaitLimitDays: 20 }));
    const raised = await overview(at(now, 14 * DAY + 5 * MINUTE));
    expect(raised.limitDays).toBe(20);
    expect(raised.counts.documentsRequested).toBe(0);
    clock.set(new Date());
  });
});
