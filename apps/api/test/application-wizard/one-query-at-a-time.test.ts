// @both-databases: one query at a time on a transaction's connection (pg's pool; PGlite has none)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAs } from '../app.js';
import { testDbKind } from '../db.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue } from '../resources/helpers.js';
import { completeApplication, ok } from './complete.js';

// A transaction is one connection, and pg runs one query at a time on it: a Promise.all of queries
// inside `db.transaction()` queues them, which pg deprecates ("Calling client.query() when the
// client is already executing a query is deprecated and will be removed in pg@9.0"; seen once in
// the mixed bench's set-up, from readApplication and applicationFormOf). Node prints a deprecation
// once per process, and vitest runs each test file in a process of its own: this file runs the
// flows that read a whole application (confirm, review, the application form) and expects none.
// PostgreSQL only (PGlite's driver does not queue).

const onPostgres = testDbKind() === 'postgres';
const CONCURRENT_QUERY = /already executing a query/;

let t: Awaited<ReturnType<typeof createDocsApp>>;
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);

beforeAll(async () => {
  if (!onPostgres) return;
  process.on('warning', onWarning);
  t = await createDocsApp();
});
afterAll(async () => {
  process.off('warning', onWarning);
  await t?.close();
});

it.runIf(onPostgres)('reading a whole application in a transaction sends one query at a time', async () => {
  const admin = client(t, await signInAs(t, 'one.query.admin@apps.test', 'Admin'));
  const studentWho = await signInAs(t, 'one.query.student@apps.test', 'Student');
  const student = client(t, studentWho);
  const cat = await seedCatalogue(admin, 'OneQuery');
  const id = await completeApplication(t, student, studentWho, 'Onequery', [cat.universityCourseId]);
  ok(await student.post('/Stage/confirm', { studentId: id }));
  ok(await student.get(`/Review/getReview?studentId=${id}`));
  const page = ok<{ result: { id: number; studentId: number }[] }>(
    await admin.post('/ApplicationForm/getListByPage', { page: 0, pageSize: 10 }),
  );
  const forms = page.result.filter((r) => r.studentId === id);
  expect(forms.map((r) => r.studentId)).toEqual([id]);
  // The opened form is this student's, with the name the wizard saved.
  const opened = ok(await admin.get(`/ApplicationForm/${forms[0]!.id}`));
  expect(opened).toMatchObject({ id: forms[0]!.id, studentId: id });
  expect(JSON.stringify(opened)).toContain('Onequery');
  await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
  expect(warnings.filter((w) => CONCURRENT_QUERY.test(w.message)).map((w) => w.message)).toEqual([]);
});
