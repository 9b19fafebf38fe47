import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REALTIME,
  type TApplicationStatusState,
  type TUserNotification,
  type TUserNotificationList,
} from '@uniapply/shared';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userNotifications } from '../../src/db/schema/index.js';
import { type SignedIn, signInAs } from '../app.js';
import { submitted } from '../application-status/helpers.js';
import { ok } from '../application-wizard/complete.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient } from '../resources/helpers.js';
import { connectHub, eventually } from './sockets.js';

// Issue 18 item 2: the notifications of students and agents are stored, per account, in the
// change's transaction; the live push is a copy of the stored row; the list is newest first with
// the course and the university; marking read marks exactly the ids sent, of the caller's own.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let admin: TClient;
let student: TClient;
let studentWho: SignedIn;
let agent: TClient;
let agentWho: SignedIn;
let other: TClient;
let own: { studentId: number; applications: number[] };
let agents: { studentId: number; applications: number[] };

beforeAll(async () => {
  t = await createDocsApp();
  admin = client(t, await signInAs(t, 'stored.admin@apps.test', 'Admin'));
  studentWho = await signInAs(t, 'stored.student@apps.test', 'Student');
  student = client(t, studentWho);
  agentWho = await signInAs(t, 'stored.agent@apps.test', 'Agent');
  agent = client(t, agentWho);
  other = client(t, await signInAs(t, 'stored.other@apps.test', 'Student'));
  const cat = await seedCatalogue(admin, 'Stored');
  own = await submitted(t, student, studentWho, 'Notified', [cat.universityCourseId]);
  agents = await submitted(t, agent, agentWho, 'Agentnotified', [cat.universityCourseId]);
});
afterAll(() => t?.close());

const list = async (c: TClient) => ok<TUserNotificationList>(await c.get('/UserNotification/list'));

async function move(id: number, to: string, extra: object = {}) {
  const { state } = ok<{ state: TApplicationStatusState }>(
    await admin.get(`/ApplicationStatus/get?studentCourseId=${id}`),
  );
  return ok<TApplicationStatusState>(
    await admin.post('/ApplicationStatus/move', {
      studentCourseId: id,
      to,
      version: state.version,
      ...extra,
    }),
  );
}

describe('stored notifications', () => {
  it('a documents request is stored for the student, pushed as stored, and survives', async () => {
    const id = own.applications[0]!;
    // Confirm's own entry is the applicant's doing: nothing stored for it.
    expect(await list(student)).toEqual({ items: [], unread: 0 });
    const hub = await connectHub(t.baseUrl, studentWho);
    const pushed: TUserNotification[] = [];
    hub.socket.on(REALTIME.userNotificationEvent, (n: TUserNotification) => pushed.push(n));
    try {
      await move(id, 'underReview', { message: 'looking', internal: true });
      await move(id, 'documentsRequested', {
        message: 'Please send a bank statement.',
        requests: [{ text: 'Bank statement' }],
      });
      await eventually(() => pushed.length === 2, 10_000, 'two pushes');
    } finally {
      hub.close();
    }
    const mine = await list(student);
    expect(mine.unread).toBe(2);
    // Newest first, naming the course and the university; the internal note never reaches it.
    expect(mine.items.map((n) => n.payload)).toEqual([
      { from: 'underReview', to: 'documentsRequested', message: 'Please send a bank statement.' },
      { from: 'submitted', to: 'underReview', message: null },
    ]);
    expect(mine.items[0]).toMatchObject({
      kind: 'statusChanged',
      studentCourseId: id,
      studentId: own.studentId,
      readAt: null,
      courseName: expect.stringContaining('Stored'),
      universityName: expect.stringContaining('Stored'),
    });
    // The live push is a copy of the stored row.
    expect([...pushed].reverse()).toEqual(mine.items);
    // Nobody else has them.
    expect(await list(other)).toEqual({ items: [], unread: 0 });
    expect((await list(agent)).items.filter((n) => n.studentCourseId === id)).toEqual([]);
  });

  it('the owning agent is told about their student', async () => {
    const id = agents.applications[0]!;
    await move(id, 'underReview');
    const theirs = await list(agent);
    expect(
      theirs.items.map((n) => [n.studentCourseId, n.studentId, n.kind === 'statusChanged' && n.payload.to]),
    ).toEqual([[id, agents.studentId, 'underReview']]);
    expect(theirs.items[0]!.studentName).toContain('Agentnotified');
  });

  it('marking read marks exactly the ids sent, and only the caller’s own', async () => {
    const mine = await list(student);
    const [newest, older] = mine.items;
    // Another account's id behaves like a missing one: nothing happens.
    expect(ok(await other.post('/UserNotification/markRead', { ids: [newest!.id] }))).toEqual({ ids: [] });
    expect(ok(await agent.post('/UserNotification/markRead', { ids: [newest!.id, 999_999] }))).toEqual({
      ids: [],
    });
    expect((await list(student)).unread).toBe(2);
    expect(ok(await student.post('/UserNotification/markRead', { ids: [newest!.id] }))).toEqual({
      ids: [newest!.id],
    });
    const after = await list(student);
    expect(after.unread).toBe(1);
    expect(after.items.find((n) => n.id === newest!.id)!.readAt).toEqual(expect.any(String));
    expect(after.items.find((n) => n.id === older!.id)!.readAt).toBeNull();
    // Again: nothing left to mark.
    expect(ok(await student.post('/UserNotification/markRead', { ids: [newest!.id] }))).toEqual({ ids: [] });
  });

  it('admins have their own screen: these routes are for students and agents', async () => {
    expect((await admin.get('/UserNotification/list')).status).toBe(403);
    expect((await admin.post('/UserNotification/markRead', { ids: [1] })).status).toBe(403);
    expect((await student.post('/UserNotification/markRead', { ids: [] })).status).toBe(400);
  });

  it('the migration backfills the same rows from the status history', async () => {
    const { db } = t.database;
    const columns = {
      userId: userNotifications.userId,
      studentCourseId: userNotifications.studentCourseId,
      kind: userNotifications.kind,
      payload: userNotifications.payload,
      createdAt: userNotifications.createdAt,
    };
    const live = await db.select(columns).from(userNotifications).orderBy(asc(userNotifications.id));
    const admins = await db
      .select({ id: notifications.id, studentCourseId: notifications.studentCourseId })
      .from(notifications)
      .orderBy(asc(notifications.id));
    expect(live.length).toBeGreaterThanOrEqual(3);
    // Each confirm's notification names its application (seedCatalogue adds one that names none).
    expect(
      admins
        .map((n) => n.studentCourseId)
        .filter(Boolean)
        .sort(),
    ).toEqual([...own.applications, ...agents.applications].sort());

    await db.delete(userNotifications);
    await db.update(notifications).set({ studentCourseId: null });
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = fs.readFileSync(
      path.join(here, '../../src/db/migrations/0012_user_notifications.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- Hand-written'));
    for (const statement of backfill.split('--> statement-breakpoint'))
      if (statement.trim()) await db.execute(sql.raw(statement));

    expect(await db.select(columns).from(userNotifications).orderBy(asc(userNotifications.id))).toEqual(live);
    expect(
      await db
        .select({ id: notifications.id, studentCourseId: notifications.studentCourseId })
        .from(notifications)
        .orderBy(asc(notifications.id)),
    ).toEqual(admins);
    // Read state is the migration's: unread.
    expect(
      (await db.select({ readAt: userNotifications.readAt }).from(userNotifications)).every((r) => !r.readAt),
    ).toBe(true);
  });
});
