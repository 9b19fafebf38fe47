import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessions } from '../../src/db/schema/index.js';
import { sessionKey } from '../../src/http/session-store.js';
import { signInAs } from '../app.js';
import { completeApplication as completeApplicationOf } from '../application-wizard/complete.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';
import { createDocsApp } from '../documents/helpers.js';
import { client, seedCatalogue, type TClient, type TWho } from '../resources/helpers.js';
import { connectHub, eventually, settle } from './sockets.js';

// Issue 10 item 3 (spec 7.1, DESIGN 7 "Real time", SECURITY 19 and 29): the notification hub.

let t: Awaited<ReturnType<typeof createDocsApp>>;
let adminWho: TWho;
let admin: TClient;
let studentWho: TWho;
let student: TClient;
let agentWho: TWho;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  t = await createDocsApp();
  adminWho = await signInAs(t, 'hub.admin@notify.test', 'Admin');
  admin = client(t, adminWho);
  studentWho = await signInAs(t, 'hub.student@notify.test', 'Student');
  student = client(t, studentWho);
  agentWho = await signInAs(t, 'hub.agent@notify.test', 'Agent');
  cat = await seedCatalogue(admin, 'Hub');
});
afterAll(() => t?.close());

const tokenOf = (who: TWho) => who!.headers.cookie.split('=')[1]!;

describe('SECURITY 29: the handshake', () => {
  it('refuses a socket without a session cookie', async () => {
    await expect(connectHub(t.baseUrl, null)).rejects.toThrow('unauthorized');
    await expect(connectHub(t.baseUrl, { headers: { cookie: 'sid=made-up-token' } })).rejects.toThrow(
      'unauthorized',
    );
  });

  it('refuses another Origin, and a cross-site fetch, even with a valid admin cookie', async () => {
    await expect(connectHub(t.baseUrl, adminWho, { origin: 'https://evil.example' })).rejects.toThrow();
    await expect(connectHub(t.baseUrl, adminWho, { 'sec-fetch-site': 'cross-site' })).rejects.toThrow();
    // The portal's own origin is welcome.
    const own = await connectHub(t.baseUrl, adminWho, { origin: t.baseUrl, 'sec-fetch-site': 'same-origin' });
    expect(own.socket.connected).toBe(true);
    own.close();
  });
});

describe('transports', () => {
  it('long polling (the fallback when websockets are blocked) is authorised and delivers the same way', async () => {
    const polling = await connectHub(t.baseUrl, adminWho, {}, ['polling']);
    const refused = connectHub(t.baseUrl, adminWho, { origin: 'https://evil.example' }, ['polling']);
    await expect(refused).rejects.toThrow();
    await expect(connectHub(t.baseUrl, null, {}, ['polling'])).rejects.toThrow('unauthorized');
    const res = await admin.post('/Notification/markNotified', {
      ids: [
        (
          (
            await admin.post('/Notification/add', {
              isNotified: false,
              notificationData: { fullName: 'Poll', universityName: 'U', courseName: 'C' },
            })
          ).body as { id: number }
        ).id,
      ],
    });
    await eventually(() => polling.read.length === 1, 5000, 'NotificationsRead over polling');
    expect(polling.read[0]).toEqual((res.body as { ids: number[] }).ids);
    polling.close();
  });
});

describe('live notifications', () => {
  it("reaches an admin's socket after a student's confirm; students and agents get no admin events", async () => {
    const adminSocket = await connectHub(t.baseUrl, adminWho);
    // Both ask for role=admin (connectHub always does) and try to join the room: it decides nothing.
    const studentSocket = await connectHub(t.baseUrl, studentWho);
    const agentSocket = await connectHub(t.baseUrl, agentWho);
    studentSocket.socket.emit('join', 'admins');
    agentSocket.socket.emit('joinRoom', 'admins');

    const id = await completeApplicationOf(t, student, studentWho, 'Lola', [cat.universityCourseId]);
    const confirm = await student.post('/Stage/confirm', { studentId: id });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ step: 11, submitted: [cat.universityCourseId] });

    await eventually(() => adminSocket.received.length === 1, 5000, 'ReceiveNotification');
    const pushed = adminSocket.received[0]!;
    expect(pushed).toMatchObject({
      isNotified: false,
      notificationData: {
        fullName: 'Lola Tester',
        universityName: 'Hub University',
        courseName: 'Hub Software',
      },
    });
    expect(typeof pushed.createdAt).toBe('string');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.id, pushed.id));
    expect(rows).toHaveLength(1);
    // The pushed notification is the stored one, field for field.
    expect({ ...rows[0]!, createdAt: rows[0]!.createdAt.toISOString() }).toEqual(pushed);

    // A repeated confirm submits nothing new and pushes nothing.
    expect((await student.post('/Stage/confirm', { studentId: id })).status).toBe(200);
    await settle();
    expect(adminSocket.received).toHaveLength(1);
    expect(studentSocket.received).toEqual([]);
    expect(agentSocket.received).toEqual([]);
    for (const s of [adminSocket, studentSocket, agentSocket]) s.close();
  });

  it('issue 12: a status change reaches the admins and the managing account only, without the internal note', async () => {
    const agentClient = client(t, agentWho);
    const id = await completeApplicationOf(t, agentClient, agentWho, 'Moved', [cat.universityCourseId]);
    expect((await agentClient.post('/Stage/confirm', { studentId: id })).status).toBe(200);
    const [state] = (await agentClient.get(`/ApplicationStatus/list?studentId=${id}`)).body as {
      studentCourseId: number;
      version: number;
    }[];
    const adminSocket = await connectHub(t.baseUrl, adminWho);
    const agentSocket = await connectHub(t.baseUrl, agentWho);
    const otherAgent = await connectHub(t.baseUrl, await signInAs(t, 'hub.other.agent@notify.test', 'Agent'));
    const studentSocket = await connectHub(t.baseUrl, studentWho);

    const moved = await admin.post('/ApplicationStatus/move', {
      studentCourseId: state!.studentCourseId,
      to: 'underReview',
      message: 'Internal: check the transcript',
      internal: true,
      version: state!.version,
    });
    expect(moved.status).toBe(200);
    await eventually(() => agentSocket.changes.length === 1 && adminSocket.changes.length === 1);
    expect(adminSocket.changes[0]).toMatchObject({
      kind: 'statusChanged',
      studentCourseId: state!.studentCourseId,
      from: 'submitted',
      to: 'underReview',
      internalNote: 'Internal: check the transcript',
    });
    expect(agentSocket.changes[0]).toMatchObject({
      kind: 'statusChanged',
      to: 'underReview',
      internalNote: null,
    });
    expect(JSON.stringify(agentSocket.changes)).not.toContain('transcript');
    await settle();
    expect(otherAgent.changes).toEqual([]);
    expect(studentSocket.changes).toEqual([]);
    for (const s of [adminSocket, agentSocket, otherAgent, studentSocket]) s.close();
  });

  it('markNotified marks exactly the given ids and tells every admin socket', async () => {
    const make = async (name: string) =>
      (
        (
          await admin.post('/Notification/add', {
            isNotified: false,
            notificationData: { fullName: name, universityName: 'U', courseName: 'C' },
          })
        ).body as { id: number }
      ).id;
    const [a, b, c] = [await make('Mark A'), await make('Mark B'), await make('Mark C')];
    const tab1 = await connectHub(t.baseUrl, adminWho);
    const tab2 = await connectHub(t.baseUrl, adminWho);
    const studentSocket = await connectHub(t.baseUrl, studentWho);

    const res = await admin.post('/Notification/markNotified', { ids: [c, a] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ids: [a, c] });
    const rows = await t.database.db
      .select({ id: notifications.id, isNotified: notifications.isNotified })
      .from(notifications)
      .where(inArray(notifications.id, [a, b, c]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.isNotified]))).toEqual({
      [a]: true,
      [b]: false,
      [c]: true,
    });
    await eventually(() => tab1.read.length === 1 && tab2.read.length === 1, 5000, 'NotificationsRead');
    expect(tab1.read[0]).toEqual([a, c]);
    expect(tab2.read[0]).toEqual([a, c]);

    // Marking them again changes nothing and tells no one.
    expect((await admin.post('/Notification/markNotified', { ids: [a] })).body).toEqual({ ids: [] });
    await settle();
    expect(tab1.read).toHaveLength(1);
    expect(studentSocket.read).toEqual([]);
    for (const s of [tab1, tab2, studentSocket]) s.close();
  });

  it('markNotified is for admins only and takes a bounded list of ids', async () => {
    expect((await client(t, null).post('/Notification/markNotified', { ids: [1] })).status).toBe(401);
    expect((await student.post('/Notification/markNotified', { ids: [1] })).status).toBe(403);
    expect((await client(t, agentWho).post('/Notification/markNotified', { ids: [1] })).status).toBe(403);
    for (const body of [
      { ids: [] },
      { ids: ['1'] },
      { ids: [0] },
      {},
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
    ]) {
      expect(
        (await admin.post('/Notification/markNotified', body)).status,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
  });
});

describe('SECURITY 18, 19: sessions', () => {
  it('logout disconnects the sockets of that session, not the user’s other sessions', async () => {
    const first = await signInAs(t, 'hub.leaver@notify.test', 'Admin');
    const second = await signInAs(t, 'hub.leaver@notify.test', 'Admin');
    const leaving = await connectHub(t.baseUrl, first);
    const staying = await connectHub(t.baseUrl, second);
    const out = await client(t, first).post('/auth/logout');
    expect(out.status).toBe(204);
    expect(await leaving.disconnected).toBe('io server disconnect');
    await settle();
    expect(staying.socket.connected).toBe(true);
    staying.close();
  });

  it('disabling an account (SECURITY 19) disconnects every socket of it at once', async () => {
    const first = await signInAs(t, 'hub.disabled@notify.test', 'Student');
    const second = await signInAs(t, 'hub.disabled@notify.test', 'Student');
    const sockets = [await connectHub(t.baseUrl, first), await connectHub(t.baseUrl, second)];
    const bystander = await connectHub(t.baseUrl, studentWho);
    expect((await admin.post('/User/disable', { id: first!.userId })).status).toBe(200);
    for (const socket of sockets) expect(await socket.disconnected).toBe('io server disconnect');
    await settle();
    expect(bystander.socket.connected).toBe(true);
    bystander.close();
  });

  it('signing in again in the same browser ends the old session and its sockets', async () => {
    const browser = new Browser(t.baseUrl);
    await signInThroughDemo(browser, { email: 'hub.again@notify.test', role: 'student' });
    const first = { headers: { cookie: `sid=${browser.cookie('sid')}` } };
    const socket = await connectHub(t.baseUrl, first);
    await signInThroughDemo(browser, { email: 'hub.again@notify.test', role: 'student' });
    expect(browser.cookie('sid')).not.toBe(first.headers.cookie.slice(4));
    expect(await socket.disconnected).toBe('io server disconnect');
  });

  it('an open socket does not keep an idle session alive, and is disconnected when it expires', async () => {
    const who = await signInAs(t, 'hub.idle@notify.test', 'Admin');
    // The session was last used almost SESSION_IDLE_HOURS (24 h) ago: it has 2 s left.
    const idleMs = t.app.config.session.idleMs;
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - idleMs + 2000) })
      .where(eq(sessions.idHash, sessionKey(tokenOf(who))));
    const socket = await connectHub(t.baseUrl, who);
    const started = Date.now();
    expect(await socket.disconnected).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(4000);
    // Nothing the socket did counted as use: the session is over.
    expect((await client(t, who).get('/auth/me')).status).toBe(401);
  });

  it('a session ended without an announcement (another process, a sweep) opens no new socket', async () => {
    const who = await signInAs(t, 'hub.gone@notify.test', 'Admin');
    const socket = await connectHub(t.baseUrl, who);
    // The open one goes at its next re-check (at most a minute; the timer path is tested above).
    await t.database.db.delete(sessions).where(eq(sessions.idHash, sessionKey(tokenOf(who))));
    await expect(connectHub(t.baseUrl, who)).rejects.toThrow('unauthorized');
    socket.close();
  });
});
