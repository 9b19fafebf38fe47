// @both-databases: two admins deciding an offer's last pending conditions at once must see each other (the offer row's lock): exactly one sets conditions_met_at and tells the applicant.
import type { TApplicationStatusDetail, TOffer } from '@uniapply/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNotifications } from '../../src/db/schema/index.js';
import { signInAs } from '../app.js';
import { mailsOf, submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient } from '../resources/helpers.js';

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let otherAdmin: TClient;
let studentId: number;
let application: number;

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'offers-race.admin@apps.test', 'Admin'));
  otherAdmin = client(t, await signInAs(t, 'offers-race.other-admin@apps.test', 'Admin'));
  const studentWho = await signInAs(t, 'offers-race.student@apps.test', 'Student');
  const cat = await seedCatalogue(admin, 'Race');
  const own = await submitted(t, client(t, studentWho), studentWho, 'Racer', [cat.universityCourseId]);
  studentId = own.studentId;
  application = own.applications[0]!;
  ok(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: application,
      to: 'underReview',
      version: 0,
    }),
  );
  ok(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: application,
      to: 'conditionalOffer',
      version: 1,
      offer: { conditions: [{ kind: 'englishTest', text: 'IELTS 6.0' }, { kind: 'deposit' }] },
    }),
  );
});
afterAll(() => t?.close());

describe('concurrent decisions on an offer', () => {
  it('the last two conditions met at once tell the applicant exactly once', async () => {
    const detail = ok<TApplicationStatusDetail>(
      await admin.get(`/ApplicationStatus/get?studentCourseId=${application}`),
    );
    const [a, b] = detail.offer!.conditions;
    const before = (await mailsOf(t, studentId)).length;
    const [ra, rb] = await Promise.all([
      admin.post('/ApplicationStatus/offerCondition', { conditionId: a!.id, state: 'met' }),
      otherAdmin.post('/ApplicationStatus/offerCondition', { conditionId: b!.id, state: 'met' }),
    ]);
    const answers = [ok<TOffer>(ra), ok<TOffer>(rb)];
    // The later of the two saw both conditions met.
    expect(answers.some((o) => o.conditionsMetAt !== null)).toBe(true);
    const told = await t.database.db
      .select({ id: userNotifications.id })
      .from(userNotifications)
      .where(
        and(eq(userNotifications.studentCourseId, application), eq(userNotifications.kind, 'conditionsMet')),
      );
    expect(told).toHaveLength(1);
    const mails = (await mailsOf(t, studentId)).slice(before);
    expect(mails.map((m) => m.kind)).toEqual(['conditionsMet']);
  });
});
