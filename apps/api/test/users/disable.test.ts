import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';
import { testDbKind } from '../db.js';
import { logCapture } from '../log-capture.js';
import { client, type TClient, where } from '../resources/helpers.js';

type TAccount = { id: number; email: string; role: string; disabledAt: string | null };

describe(`SECURITY 19: admins disable and enable accounts (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: TClient;
  let adminId: number;
  const log = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    const signedIn = await signInAs(t, 'users.admin@users.test', 'Admin');
    admin = client(t, signedIn);
    adminId = signedIn.userId;
  });
  afterAll(() => t?.close());

  const list = async (who: TClient, text: string) =>
    who.post('/User/getListByPage', { filter: where('search', 'CONTAINS', text), page: 0, pageSize: 10 });

  it('item 19: only admins list, disable and enable accounts (401 anonymous, 403 agent and student)', async () => {
    const agent = client(t, await signInAs(t, 'users.agent@users.test', 'Agent'));
    const student = client(t, await signInAs(t, 'users.student@users.test', 'Student'));
    for (const [who, status] of [
      [client(t, null), 401],
      [agent, 403],
      [student, 403],
    ] as const) {
      expect((await list(who, 'users')).status).toBe(status);
      expect((await who.post('/User/disable', { id: adminId })).status).toBe(status);
      expect((await who.post('/User/enable', { id: adminId })).status).toBe(status);
    }
    // Nothing changed.
    expect((await admin.get('/auth/me')).status).toBe(200);
  });

  it('item 19: the list filters by name or email (CONTAINS) and shows role and status', async () => {
    await signInAs(t, 'zarina.listed@users.test', 'Agent');
    const byEmail = await list(admin, 'listed@users');
    expect(byEmail.status).toBe(200);
    const page = byEmail.body as { result: TAccount[]; totalRows: number };
    expect(page.totalRows).toBe(1);
    expect(page.result[0]).toMatchObject({
      email: 'zarina.listed@users.test',
      role: 'Agent',
      disabledAt: null,
    });
    expect(page.result[0]).not.toHaveProperty('subject');
    // Names come from the email at sign-up: "Zarina Listed".
    const byName = (await list(admin, 'Zarina Lis')).body as { totalRows: number };
    expect(byName.totalRows).toBe(1);
  });

  it('item 19: disabling ends the sessions (next request 401), refuses sign-in; enabling lets it sign in', async () => {
    const email = 'users.target@users.test';
    const target = await signInAs(t, email, 'Student');
    const second = await signInAs(t, email, 'Student'); // another browser of the same account
    const ended: number[] = [];
    const listener = (userId: number) => ended.push(userId);
    t.app.events.on('userSessionsEnded', listener);

    const res = await admin.post('/User/disable', { id: target.userId });
    t.app.events.off('userSessionsEnded', listener);
    expect(res.status).toBe(200);
    expect((res.body as TAccount).disabledAt).toEqual(expect.any(String));
    expect(ended).toEqual([target.userId]);
    for (const session of [target, second]) {
      expect((await client(t, session).get('/auth/me')).status).toBe(401);
    }
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(left).toHaveLength(0);

    // Sign-in is refused: the browser lands on the sign-in page with the reason, without a session.
    const browser = new Browser(t.baseUrl);
    const refused = await signInThroughDemo(browser, { email });
    expect(refused.location).toBe('/login?signInError=disabled');
    expect(browser.cookie('sid')).toBeFalsy();
    const failure = log.lines().find((l) => l.event === 'sign-in-failed' && l.userId === target.userId);
    expect(failure).toMatchObject({ reason: 'account disabled' });

    const disabled = log.lines().find((l) => l.event === 'account-disabled');
    expect(disabled).toMatchObject({ userId: adminId, targetUserId: target.userId });
    expect(log.text()).not.toContain(email);

    // Disabling again is harmless; enabling lets the account sign in again.
    expect((await admin.post('/User/disable', { id: target.userId })).status).toBe(200);
    const enabled = await admin.post('/User/enable', { id: target.userId });
    expect(enabled.status).toBe(200);
    expect((enabled.body as TAccount).disabledAt).toBeNull();
    const again = await signInAs(t, email, 'Student');
    expect((await client(t, again).get('/auth/me')).status).toBe(200);
  });

  it('item 19: an admin cannot disable themself; an unknown id is a 404', async () => {
    const self = await admin.post('/User/disable', { id: adminId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'cannotDisableSelf' });
    expect((await admin.get('/auth/me')).status).toBe(200);
    for (const verb of ['disable', 'enable']) {
      expect((await admin.post(`/User/${verb}`, { id: 2_000_000_000 })).status).toBe(404);
    }
    expect((await admin.post('/User/disable', { id: adminId, role: 'Student' })).status).toBe(400);
  });

  it('item 19: the account list has no add, update, delete or role change', async () => {
    for (const path of ['/User/add', '/User/update', '/User/delete', '/User/CreateOrUpdate']) {
      expect((await admin.post(path, { id: adminId, role: 'Student' })).status).toBe(404);
    }
  });
});
