import type { TApplication, TApplicationStatusState } from '@uniapply/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAs } from '../app.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue } from '../resources/helpers.js';
import { stateOf, submitted } from './helpers.js';

// Issue 18 item 3: the wizard's review and course steps read each course's status from the
// pipeline (the one source), so a withdrawn application shows as withdrawn there too.

let t: Awaited<ReturnType<typeof createDocsApp>>;
beforeAll(async () => {
  t = await createDocsApp();
});
afterAll(() => t?.close());

it("the review carries each course's pipeline status, withdrawn after a withdrawal", async () => {
  const admin = client(t, await signInAs(t, 'one-status.admin@apps.test', 'Admin'));
  const who = await signInAs(t, 'one-status.student@apps.test', 'Student');
  const student = client(t, who);
  const cat = await seedCatalogue(admin, 'Onestatus');
  const { studentId, applications } = await submitted(t, student, who, 'Onestatus', [cat.universityCourseId]);
  const review = async () => ok<TApplication>(await student.get(`/Review/getReview?studentId=${studentId}`));
  expect((await review()).courses.map((c) => [c.id, c.submitted, c.status])).toEqual([
    [applications[0], true, 'submitted'],
  ]);
  const id = applications[0]!;
  const state = await stateOf(student, id);
  ok<TApplicationStatusState>(
    await student.post('/ApplicationStatus/withdraw', { studentCourseId: id, version: state.version }),
  );
  expect((await review()).courses.map((c) => [c.id, c.submitted, c.status])).toEqual([
    [id, true, 'withdrawn'],
  ]);
});
