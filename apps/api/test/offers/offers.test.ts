import {
  formatDateTime,
  instantOfWallClock,
  type TApplicationStatusDetail,
  type TOffer,
  type TUserNotificationList,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, intakes, offers, studentCourses, userNotifications } from '../../src/db/schema/index.js';
import { releaseUnreferenced } from '../../src/modules/documents/repository.js';
import { signInAs } from '../app.js';
import { mailsOf, recordChanges, submitted } from '../application-status/helpers.js';
import { completeApplication, ok } from '../application-wizard/complete.js';
import { TestClock } from '../clock.js';
import { createDocsApp, download, upload } from '../documents/helpers.js';
import { pdfFile } from '../documents/samples.js';
import { rendered } from '../jobs/two-processes.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';

// Issue 22 item 2: offers as records beside the status. The admin's move to an offer creates or
// updates the application's one offer with its terms; admins change the terms and decide each
// condition; the applicant uploads evidence for a pending one; every condition met tells the
// applicant once and the offer shows as unconditional.

const kl = (wall: string) => instantOfWallClock(wall, UNIVERSITY_TIME_ZONE)!;
const clock = new TestClock('2027-01-10T00:00:00Z');
const DAY = 24 * 3600_000;
let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let agent: TClient;
let agentWho: TWho;
let studentWho: TWho;
let student: TClient;
let otherAgentWho: TWho;
let withIntake: number; // the agent's application with an intake (acceptance deadline 2027-03-01)
let noIntake: number; // the student's own application without an intake
let studentId: number;
let agentStudentId: number;

const codeOf = (res: { status: number; body: unknown }) => [res.status, (res.body as { code?: string }).code];
const offerOf = async (c: TClient, id: number) =>
  ok<TApplicationStatusDetail>(await c.get(`/ApplicationStatus/get?studentCourseId=${id}`)).offer;
const versionOf = async (id: number) =>
  ok<TApplicationStatusDetail>(await admin.get(`/ApplicationStatus/get?studentCourseId=${id}`)).state.version;

async function move(id: number, to: string, extra: Record<string, unknown> = {}) {
  return admin.post('/ApplicationStatus/move', {
    studentCourseId: id,
    to,
    version: await versionOf(id),
    ...extra,
  });
}
const evidence = (who: TWho, conditionId: number, filename = 'ielts.pdf') =>
  upload(t, who, `/ApplicationStatus/offerCondition/${conditionId}/evidence`, {
    file: { filename, data: pdfFile() },
  });
const decide = (conditionId: number, state: string, c: TClient = admin) =>
  c.post('/ApplicationStatus/offerCondition', { conditionId, state });

beforeAll(async () => {
  t = await createDocsApp({}, { clock });
  admin = client(t, await signInAs(t, 'offers.admin@apps.test', 'Admin'));
  agentWho = await signInAs(t, 'offers.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  otherAgentWho = await signInAs(t, 'offers.other-agent@apps.test', 'Agent');
  studentWho = await signInAs(t, 'offers.student@apps.test', 'Student');
  student = client(t, studentWho);
  const cat = await seedCatalogue(admin, 'Offer');
  const [row] = await t.database.db
    .insert(intakes)
    .values({
      universityCourseId: cat.universityCourseId,
      startDate: '2027-04-01',
      applicationDeadline: kl('2027-02-01T23:59'),
      acceptanceDeadline: kl('2027-03-01T23:59'),
    })
    .returning({ id: intakes.id });
  agentStudentId = await completeApplication(t, agent, agentWho, 'Offered', [
    { universityCourseId: cat.universityCourseId, intakeId: row!.id },
  ]);
  ok(await agent.post('/Stage/confirm', { studentId: agentStudentId }));
  const [app] = await t.database.db
    .select({ id: studentCourses.id })
    .from(studentCourses)
    .where(eq(studentCourses.studentId, agentStudentId));
  withIntake = app!.id;
  const plain = await seedCatalogue(admin, 'Plainoffer');
  const own = await submitted(t, student, studentWho, 'Ownoffer', [plain.universityCourseId]);
  studentId = own.studentId;
  noIntake = own.applications[0]!;
  ok(await move(withIntake, 'underReview'));
  ok(await move(noIntake, 'underReview'));
});
afterAll(() => t?.close());

describe('the move to an offer', () => {
  it('refuses terms that do not fit the move', async () => {
    expect(codeOf(await move(noIntake, 'conditionalOffer', { offer: { conditions: [] } }))).toEqual([
      400,
      'validation',
    ]);
    expect(
      codeOf(await move(noIntake, 'unconditionalOffer', { offer: { conditions: [{ kind: 'deposit' }] } })),
    ).toEqual([400, 'validation']);
    expect(codeOf(await move(noIntake, 'rejected', { offer: { conditions: [] } }))).toEqual([
      400,
      'validation',
    ]);
    expect(await offerOf(admin, noIntake)).toBeNull();
  });

  it('creates the offer with its terms; the answer-by date defaults to the later of the acceptance deadline and 14 days', async () => {
    ok(
      await move(withIntake, 'conditionalOffer', {
        offer: {
          fees: 'MYR 42,000 a year',
          conditions: [{ kind: 'englishTest', text: 'IELTS 6.0 by 1 August' }, { kind: 'finalCertificate' }],
        },
      }),
    );
    const offer = (await offerOf(agent, withIntake))!;
    expect(offer).toMatchObject({
      type: 'conditional',
      fees: 'MYR 42,000 a year',
      // The acceptance deadline (1 March, KL) is later than 14 days after 10 January.
      answerBy: new Date(kl('2027-03-01T23:59')).toISOString(),
      conditionsMetAt: null,
      answeredAt: null,
    });
    expect(offer.intakeId).not.toBeNull();
    expect(offer.conditions.map((c) => [c.kind, c.text, c.state])).toEqual([
      ['englishTest', 'IELTS 6.0 by 1 August', 'pending'],
      ['finalCertificate', null, 'pending'],
    ]);

    // No intake: 14 days after the app's clock.
    ok(await move(noIntake, 'unconditionalOffer', { offer: { fees: 'USD 9,000' } }));
    const plain = (await offerOf(student, noIntake))!;
    expect(plain).toMatchObject({ type: 'unconditional', intakeId: null, conditions: [] });
    expect(plain.answerBy).toBe(new Date(clock.now().getTime() + 14 * DAY).toISOString());
  });

  it('undoing the move to an offer drops the offer the move made', async () => {
    const version = await versionOf(noIntake);
    ok(await admin.post('/ApplicationStatus/undo', { studentCourseId: noIntake, version }));
    expect(await offerOf(admin, noIntake)).toBeNull();
    ok(
      await move(noIntake, 'conditionalOffer', {
        offer: { answerBy: '2027-06-30T10:00:00.000Z', conditions: [{ kind: 'deposit' }] },
      }),
    );
    expect((await offerOf(admin, noIntake))!.answerBy).toBe('2027-06-30T10:00:00.000Z');
  });
});

describe('terms without a status move', () => {
  it('lets admins change the terms of an open offer; a kept condition keeps its decision', async () => {
    const before = (await offerOf(admin, withIntake))!;
    const [english] = before.conditions;
    ok(await decide(english!.id, 'notMet'));
    const res = await admin.post('/ApplicationStatus/offerTerms', {
      studentCourseId: withIntake,
      version: await versionOf(withIntake),
      fees: 'MYR 40,000 a year',
      answerBy: '2027-03-15T09:00:00.000Z',
      conditions: [
        { kind: 'englishTest', text: 'IELTS 6.0 by 1 August' },
        { kind: 'transcript', text: 'Final transcript' },
      ],
    });
    const after = ok<TOffer>(res);
    expect(after).toMatchObject({ fees: 'MYR 40,000 a year', answerBy: '2027-03-15T09:00:00.000Z' });
    expect(after.conditions.map((c) => [c.id === english!.id, c.kind, c.state])).toEqual([
      [true, 'englishTest', 'notMet'],
      [false, 'transcript', 'pending'],
    ]);
    ok(await decide(english!.id, 'pending'));
  });

  it('is for admins only, on an open offer of an application in scope', async () => {
    const version = await versionOf(withIntake);
    const body = { studentCourseId: withIntake, version, conditions: [{ kind: 'deposit' }] };
    expect((await agent.post('/ApplicationStatus/offerTerms', body)).status).toBe(403);
    expect((await student.post('/ApplicationStatus/offerTerms', body)).status).toBe(403);
    expect(
      codeOf(await admin.post('/ApplicationStatus/offerTerms', { ...body, studentCourseId: 999_999 })),
    ).toEqual([404, 'notFound']);
    // A conditional offer keeps at least one condition.
    expect(
      codeOf(
        await admin.post('/ApplicationStatus/offerTerms', {
          studentCourseId: withIntake,
          version,
          conditions: [],
        }),
      ),
    ).toEqual([400, 'validation']);
    // The refused changes changed nothing.
    expect(await versionOf(withIntake)).toBe(version);
  });

  it('refuses a stale version like a stale move, changing nothing', async () => {
    const before = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    const res = await admin.post('/ApplicationStatus/offerTerms', {
      studentCourseId: withIntake,
      version: before.state.version - 1,
      fees: 'MYR 1 a year',
      conditions: [{ kind: 'deposit' }],
    });
    expect(codeOf(res)).toEqual([409, 'statusConflict']);
    expect(res.body).toMatchObject({ params: { reason: 'stale', current: 'conditionalOffer' } });
    const after = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    expect(after.state.version).toBe(before.state.version);
    expect(after.offer).toEqual(before.offer);
    expect(after.history).toEqual(before.history);
  });

  it('a change raises the version and writes one history entry every timeline shows', async () => {
    const before = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    const offer = before.offer!;
    ok(
      await admin.post('/ApplicationStatus/offerTerms', {
        studentCourseId: withIntake,
        version: before.state.version,
        fees: 'MYR 39,000 a year',
        answerBy: offer.answerBy,
        conditions: offer.conditions.map((c) => ({ kind: c.kind, ...(c.text ? { text: c.text } : {}) })),
      }),
    );
    const after = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    expect(after.state.version).toBe(before.state.version + 1);
    expect(after.state.status).toBe('conditionalOffer');
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history.at(-1)).toMatchObject({
      from: 'conditionalOffer',
      to: 'conditionalOffer',
      byName: expect.any(String),
      offerTerms: true,
      deferral: null,
    });
    // The applicant's timeline shows it too.
    const seen = ok<TApplicationStatusDetail>(
      await agent.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    expect(seen.history.at(-1)).toMatchObject({ offerTerms: true, deferral: null });
    // The old version is stale now.
    expect(
      codeOf(
        await admin.post('/ApplicationStatus/offerTerms', {
          studentCourseId: withIntake,
          version: before.state.version,
          conditions: [{ kind: 'deposit' }],
        }),
      ),
    ).toEqual([409, 'statusConflict']);
  });
});

describe('the applicant is told of changed terms (issue 22, left)', () => {
  it('a stored offerTermsChanged with the new answer-by date, fees and conditions, a mail to the profile and the agent, pushed live', async () => {
    const before = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${withIntake}`),
    );
    const mailsBefore = (await mailsOf(t, agentStudentId)).length;
    const pushed = recordChanges(t);
    const answerBy = '2027-03-20T09:00:00.000Z';
    try {
      ok(
        await admin.post('/ApplicationStatus/offerTerms', {
          studentCourseId: withIntake,
          version: before.state.version,
          fees: 'MYR 41,000 a year',
          answerBy,
          conditions: [{ kind: 'englishTest', text: 'IELTS 6.5' }, { kind: 'deposit' }],
        }),
      );
    } finally {
      pushed.stop();
    }
    const terms = {
      answerBy,
      fees: 'MYR 41,000 a year',
      conditions: [
        { kind: 'englishTest', text: 'IELTS 6.5' },
        { kind: 'deposit', text: null },
      ],
    };
    expect(pushed.seen).toEqual([
      expect.objectContaining({ kind: 'offerTermsChanged', studentCourseId: withIntake, ...terms }),
    ]);
    const list = ok<TUserNotificationList>(await agent.get('/UserNotification/list'));
    expect(list.items[0]).toMatchObject({
      kind: 'offerTermsChanged',
      studentCourseId: withIntake,
      payload: terms,
    });
    expect(list.unread).toBeGreaterThan(0);
    // The student of another profile hears nothing of it.
    const own = ok<TUserNotificationList>(await student.get('/UserNotification/list'));
    expect(own.items.some((n) => n.kind === 'offerTermsChanged')).toBe(false);
    const mails = (await mailsOf(t, agentStudentId)).slice(mailsBefore);
    expect(mails.map((m) => [m.kind, m.audience])).toEqual([
      ['offerTermsChanged', 'profile'],
      ['offerTermsChanged', 'agent'],
    ]);
    // In the recipient's language (the agent saved none: Uzbek), the date through the one formatter.
    const uz = rendered(mails[1]!);
    expect(uz.subject).toMatch(/^Taklif shartlari oʻzgardi: /);
    expect(uz.text).toContain(
      `- ${formatDateTime(answerBy, 'uz', UNIVERSITY_TIME_ZONE)} (Kuala-Lumpur vaqti)`,
    );
    expect(uz.text).toContain('- Ingliz tili imtihoni: IELTS 6.5');
    expect(uz.text).toContain('- Depozit');
    expect(uz.text).toContain('MYR 41,000 a year');

    // Terms saved unchanged tell nobody again.
    const again = (await offerOf(admin, withIntake))!;
    ok(
      await admin.post('/ApplicationStatus/offerTerms', {
        studentCourseId: withIntake,
        version: await versionOf(withIntake),
        fees: again.fees,
        answerBy: again.answerBy,
        conditions: again.conditions.map((c) => ({ kind: c.kind, text: c.text })),
      }),
    );
    expect((await mailsOf(t, agentStudentId)).length).toBe(mailsBefore + 2);
  });
});

describe('conditions and evidence', () => {
  it('takes the applicant’s evidence for a pending condition, 404 for anyone else', async () => {
    const offer = (await offerOf(agent, withIntake))!;
    const [first, second] = offer.conditions;
    // Another agent, the student of another profile: like a missing condition.
    expect(codeOf(await evidence(otherAgentWho, first!.id))).toEqual([404, 'notFound']);
    expect(codeOf(await evidence(studentWho, first!.id))).toEqual([404, 'notFound']);
    expect(codeOf(await evidence(agentWho, 999_999))).toEqual([404, 'notFound']);
    const up = await evidence(agentWho, first!.id);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const shown = (up.body as { offer: TOffer }).offer.conditions[0]!;
    expect(shown).toMatchObject({ evidenceFileName: 'ielts.pdf', state: 'pending' });
    // Downloadable by the owning agent and admins, not another agent.
    expect((await download(t, agentWho, shown.evidenceFileId!)).statusCode).toBe(200);
    expect((await download(t, otherAgentWho, shown.evidenceFileId!)).statusCode).toBe(404);

    // A replacement releases the earlier file.
    const again = await evidence(agentWho, first!.id, 'ielts-2.pdf');
    const replaced = (again.body as { offer: TOffer }).offer.conditions[0]!;
    expect(replaced.evidenceFileName).toBe('ielts-2.pdf');
    const [old] = await t.database.db.select().from(files).where(eq(files.id, shown.evidenceFileId!));
    expect(old?.studentId ?? null).toBeNull();
    expect((await evidence(agentWho, second!.id, 'transcript.pdf')).status).toBe(200);
  });

  it('every condition met tells the applicant once, by notification and mail; the offer shows as unconditional', async () => {
    const offer = (await offerOf(admin, withIntake))!;
    const [first, second] = offer.conditions;
    expect(codeOf(await decide(first!.id, 'met', agent))).toEqual([403, 'forbidden']);
    expect(codeOf(await decide(999_999, 'met'))).toEqual([404, 'notFound']);
    const mailsBefore = (await mailsOf(t, agentStudentId)).length;

    const one = ok<TOffer>(await decide(first!.id, 'met'));
    expect(one.conditionsMetAt).toBeNull();
    // A decided condition takes no more evidence.
    expect(codeOf(await evidence(agentWho, first!.id))).toEqual([409, 'conditionDecided']);
    const both = ok<TOffer>(await decide(second!.id, 'met'));
    expect(both.conditionsMetAt).toBe(clock.now().toISOString());
    expect(both.type).toBe('conditional');

    const told = await t.database.db
      .select({ kind: userNotifications.kind, payload: userNotifications.payload })
      .from(userNotifications)
      .where(
        and(eq(userNotifications.studentCourseId, withIntake), eq(userNotifications.kind, 'conditionsMet')),
      );
    expect(told).toEqual([{ kind: 'conditionsMet', payload: { offerId: offer.id } }]);
    const list = ok<{ items: { kind: string }[] }>(await agent.get('/UserNotification/list'));
    expect(list.items[0]!.kind).toBe('conditionsMet');
    const mails = (await mailsOf(t, agentStudentId)).slice(mailsBefore);
    expect(mails.map((m) => [m.kind, m.audience])).toEqual([
      ['conditionsMet', 'profile'],
      ['conditionsMet', 'agent'],
    ]);

    // Deciding again (met → met) tells nobody twice; not met and back clears and sets it again.
    ok(await decide(second!.id, 'met'));
    expect((await offerOf(admin, withIntake))!.conditionsMetAt).not.toBeNull();
    ok(await decide(second!.id, 'notMet'));
    expect((await offerOf(admin, withIntake))!.conditionsMetAt).toBeNull();
    ok(await decide(second!.id, 'met'));
  });

  it('conditional → unconditional keeps the record and changes its type', async () => {
    const before = (await offerOf(admin, withIntake))!;
    ok(await move(withIntake, 'unconditionalOffer'));
    const after = (await offerOf(admin, withIntake))!;
    expect(after).toMatchObject({
      id: before.id,
      type: 'unconditional',
      fees: before.fees,
      answerBy: before.answerBy,
    });
    expect(after.conditions).toEqual([]);
  });
});

describe('the file sweep', () => {
  it('keeps files an offer condition or an offer letter refers to', async () => {
    const offer = (await offerOf(student, noIntake))!;
    const up = await evidence(studentWho, offer.conditions[0]!.id, 'deposit.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const evidenceId = (up.body as { offer: TOffer }).offer.conditions[0]!.evidenceFileId!;
    const letter = await upload(t, studentWho, '/Qualification/upload', {
      file: { filename: 'letter.pdf', data: pdfFile() },
      query: `studentId=${studentId}`,
    });
    const letterId = (letter.body as { fileId: string }).fileId;
    await t.database.db.update(offers).set({ letterFileId: letterId }).where(eq(offers.id, offer.id));
    await t.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(hours => 48)` })
      .where(sql`${files.id} in (${evidenceId}, ${letterId})`);
    await releaseUnreferenced(t.database.db, new Date(Date.now() - 24 * 3600_000));
    const rows = await t.database.db
      .select({ id: files.id, studentId: files.studentId })
      .from(files)
      .where(sql`${files.id} in (${evidenceId}, ${letterId})`);
    expect(rows.map((r) => r.studentId)).toEqual([studentId, studentId]);
  });
});
