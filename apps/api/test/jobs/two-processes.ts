import type { TAppLanguage, TMailKind } from '@uniapply/shared';
import { openDatabase } from '../../src/db/client.js';
import { renderMail, type TAudience, type TMailParams } from '../../src/modules/mail/templates.js';
import { createTestApp, type TestApp } from '../app.js';
import type { TestClock } from '../clock.js';
import { createTestDatabase } from '../db.js';
import { createDocsApp } from '../documents/helpers.js';

// The set-up the tests of the recurring jobs share (the reminders, the offer lapse): the app under
// test and a second API process on the same database, both on one clock, and a job run twice in a
// row and then in both processes at once (it must act once).

export const MINUTE = 60_000;
export const DAY = 86_400_000;
export const at = (from: Date | string, ms: number) => new Date(new Date(from).getTime() + ms);

/** The app under test and a second API process on its database (PGlite: a second app on the one database). */
export async function twoProcesses(clock: TestClock) {
  const database = await createTestDatabase();
  const t = await createDocsApp({}, { database, clock });
  const second = database.url
    ? await openDatabase({ url: database.url, poolSize: 4 })
    : { ...database, close: async () => {} }; // PGlite is one process's database
  const t2 = await createTestApp({}, { database: second, clock });
  return { t, t2 };
}

/** Runs a job's work twice in the first app, then in both at once; the runs' results in order. */
export async function twiceAndInTwoProcesses<R>(t: TestApp, t2: TestApp, run: (app: TestApp) => Promise<R>) {
  const runs = [await run(t), await run(t)];
  runs.push(...(await Promise.all([run(t), run(t2)])));
  return runs;
}

/** A queued mail (its stored kind, language, audience and params) as the worker renders it. */
export const rendered = (m: { kind: string; language: string; audience: string; params: unknown }) =>
  renderMail({
    kind: m.kind as TMailKind,
    language: m.language as TAppLanguage,
    audience: m.audience as TAudience,
    params: m.params as TMailParams,
    links: { portal: 'https://portal.test/' },
  });
