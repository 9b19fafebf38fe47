import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TApplicationStatusState } from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { type SignedIn, signInAs } from '../app.js';
import { submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, studentInfoBody, type TClient } from '../resources/helpers.js';

// Issue 18 item 15: an admin's delete of a student deletes their personal data: the profile and
// its records, the notifications about its applications (the student's, the agent's and the
// admins'), the mails about them and their outbox copies, and the student's own account (never an
// agent's). Afterwards no table and no outbox file mentions the student. A student deleting their
// own unsubmitted profile keeps the account.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let dataDir: string;
let admin: TClient;
let agentWho: SignedIn;
let agent: TClient;
const STUDENT_EMAIL = 'erasable.student@apps.test';
const STUDENT_MARKER = 'Erasablestudent';
const AGENTS_MARKER = 'Erasableagentstudent';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-erasure-'));
  t = await createDocsApp({ DATA_DIR: dataDir });
  admin = client(t, await signInAs(t, 'erasure.admin@apps.test', 'Admin'));
  agentWho = await signInAs(t, 'erasure.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function requestDocuments(id: number) {
  let state = ok<{ state: TApplicationStatusState }>(
    await admin.get(`/ApplicationStatus/get?studentCourseId=${id}`),
  ).state;
  state = ok(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: id,
      to: 'underReview',
      version: state.version,
    }),
  );
  ok(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: id,
      to: 'documentsRequested',
      version: state.version,
      message: 'Send it please',
      requests: [{ text: 'Bank statement' }],
    }),
  );
}

/** Every row of every table of the schema, as text, that contains one of `needles`. */
async function rowsMentioning(needles: string[]) {
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const names = tables.rows;
  expect(names.map((r) => r.table_name)).toEqual(
    expect.arrayContaining(['users', 'mail_jobs', 'user_notifications']),
  );
  const found: string[] = [];
  for (const { table_name } of names) {
    const res = (await t.database.db.execute(
      sql`select t::text as row from ${sql.identifier(table_name)} t`,
    )) as unknown as { rows: { row: string }[] };
    for (const { row } of res.rows) {
      const lower = row.toLowerCase();
      if (needles.some((n) => lower.includes(n.toLowerCase())))
        found.push(`${table_name}: ${row.slice(0, 200)}`);
    }
  }
  return found;
}

/** The outbox files that contain one of `needles`. */
function outboxMentioning(needles: string[]) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8').toLowerCase();
    return needles.some((n) => text.includes(n.toLowerCase()));
  });
}

describe("an admin's delete of a student", () => {
  it('leaves no row and no outbox file mentioning the student; the account goes', async () => {
    const cat = await seedCatalogue(admin, 'Erase');
    const studentWho = await signInAs(t, STUDENT_EMAIL, 'Student');
    const student = client(t, studentWho);
    const own = await submitted(t, student, studentWho, STUDENT_MARKER, [cat.universityCourseId]);
    const agents = await submitted(t, agent, agentWho, AGENTS_MARKER, [cat.universityCourseId]);
    await requestDocuments(own.applications[0]!);
    await requestDocuments(agents.applications[0]!);
    const sent = await t.app.mailWorker.drain();
    expect(sent.sent).toBeGreaterThanOrEqual(6);

    // Before: the student is everywhere, the outbox too.
    const needles = [STUDENT_EMAIL, STUDENT_MARKER];
    expect((await rowsMentioning(needles)).length).toBeGreaterThan(5);
    expect(outboxMentioning(needles).length).toBeGreaterThanOrEqual(3);
    expect(ok<{ unread: number }>(await student.get('/UserNotification/list')).unread).toBe(2);

    ok(await admin.post('/StudentInfo/delete', { id: own.studentId }));

    expect(await rowsMentioning(needles)).toEqual([]);
    expect(outboxMentioning(needles)).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.id, studentWho.userId))).toEqual([]);
    // The session went with the account.
    expect((await student.get('/UserNotification/list')).status).toBe(401);

    // The agent's student the same way; the agent keeps the account, and what is not about them.
    const agentNeedles = [AGENTS_MARKER];
    expect((await rowsMentioning(agentNeedles)).length).toBeGreaterThan(5);
    expect(outboxMentioning(agentNeedles).length).toBeGreaterThanOrEqual(3);
    ok(await admin.post('/StudentInfo/delete', { id: agents.studentId }));
    expect(await rowsMentioning(agentNeedles)).toEqual([]);
    expect(outboxMentioning(agentNeedles)).toEqual([]);
    expect(ok<{ items: unknown[] }>(await agent.get('/UserNotification/list')).items).toEqual([]);
    expect((await rowsMentioning(['erasure.agent@apps.test'])).length).toBeGreaterThan(0);
  });

  it('a student deleting their own unsubmitted profile keeps the account', async () => {
    const who = await signInAs(t, 'erasure.keeps@apps.test', 'Student');
    const c = client(t, who);
    const { id } = ok<{ id: number }>(
      await c.post('/StudentInfo/CreateOrUpdate?studentId=0&stage=2', studentInfoBody('Keepsaccount')),
    );
    ok(await c.post('/StudentInfo/delete', { id }));
    expect(await rowsMentioning(['Keepsaccount'])).toEqual([]);
    expect(ok<{ userId: number }>(await c.get('/auth/me')).userId).toBe(who.userId);
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, who.userId))).toEqual([
      { id: who.userId },
    ]);
  });
});
