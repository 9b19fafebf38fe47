import type { TMe } from '@uniapply/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFlows, users } from '../../src/db/schema/index.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { Browser, readForms } from './browser.js';
import { signInThroughDemo } from './flow.js';

// Every sign-in here goes through the real flow: /api/auth/google-login → the demo provider's
// page (a real oidc-provider) → its form → /api/auth/callback, over HTTP, with a cookie jar.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.test, other@example.test' });
});
afterAll(() => t.close());

// The demo provider's page speaks Uzbek by default (demo-page.test.ts); these tests read English.
const browser = () => {
  const b = new Browser(t.baseUrl);
  b.setCookie('appLanguage', 'en');
  return b;
};
/** A session id: 32 random bytes in base64url (session-store.ts). */
const SESSION_ID = /^[\w-]{43}$/;
const atCallback = (path: string) => path.startsWith('/api/auth/callback');
const me = async (b: Browser) => {
  const res = await b.request('/api/auth/me');
  const body = res.status === 200 ? ((await res.json()) as TMe) : null;
  return { status: res.status, body: body as TMe };
};
const userRow = (issuer: string, subject: string) =>
  t.database.db
    .select()
    .from(users)
    .where(and(eq(users.issuer, issuer), eq(users.subject, subject)))
    .then((rows) => rows[0]);

describe('the demo provider page', () => {
  it('is a small accessible page listing the demo accounts, with a labelled email field', async () => {
    const start = await browser().navigate('/api/auth/google-login?role=student');
    expect(start.res.status).toBe(200);
    expect(start.url).toMatch(/^\/api\/auth\/demo-oidc\/interaction\/[\w-]+$/);
    expect(start.res.headers.get('content-type')).toContain('text/html');
    const html = await start.res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<h1>Demo sign-in<\/h1>/);
    expect(html).not.toMatch(/<script/i);
    const forms = readForms(html);
    const buttons = forms.flatMap((f) => f.buttons.map((b) => b.text));
    expect(buttons).toEqual(
      expect.arrayContaining(['admin@demo.local', 'agent@demo.local', 'student@demo.local']),
    );
    const emailForm = forms.find((f) => f.inputs.some((i) => i.name === 'email'))!;
    const input = emailForm.inputs.find((i) => i.name === 'email')!;
    expect(input.type).toBe('email');
    expect(emailForm.labels).toContainEqual({ for: input.id, text: 'Email' });
  });

  it('asks again for a valid email instead of signing in', async () => {
    const b = browser();
    const start = await b.navigate('/api/auth/google-login');
    const form = readForms(await start.res.text()).find((f) => f.inputs.some((i) => i.name === 'email'))!;
    const res = await b.submit(form.action, { email: 'not-an-email' });
    expect(res.res.status).toBe(400);
    const html = await res.res.text();
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('aria-invalid="true"');
    expect(b.cookie('sid')).toBeUndefined();
  });

  it('refuses an unknown or expired sign-in page', async () => {
    const res = await browser().request('/api/auth/demo-oidc/interaction/not-a-real-one');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in expired');
  });

  it('lets the visitor cancel, and the portal says so', async () => {
    const b = browser();
    const start = await b.navigate('/api/auth/google-login?returnUrl=/Student/Dashboard');
    const cancel = readForms(await start.res.text()).find((f) =>
      f.buttons.some((x) => x.text === 'Cancel sign-in'),
    )!;
    const done = await b.submit(cancel.action, {});
    expect(done.location).toBe('/login?signInError=cancelled');
    expect(b.cookie('sid')).toBeUndefined();
  });
});

describe('SECURITY 13, 15: signing up', () => {
  it('creates a new student by default, keyed by issuer "demo" and the lowercased email', async () => {
    const b = browser();
    const done = await signInThroughDemo(b, {
      email: 'Aziz.Nurmatov@Example.test',
      returnUrl: '/Student/Dashboard',
    });
    expect(done.location).toBe('/Student/Dashboard');
    const { status, body } = await me(b);
    expect(status).toBe(200);
    expect(body).toEqual({
      userId: expect.any(Number),
      id: body.userId,
      email: 'aziz.nurmatov@example.test',
      firstName: 'Aziz',
      lastName: 'Nurmatov',
      role: 'Student',
      appLanguage: null,
      profileName: null,
    });
    const row = await userRow('demo', 'aziz.nurmatov@example.test');
    expect(row?.id).toBe(body.userId);
  });

  it('creates a new agent when asked (any letter case)', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'new.agent@example.test', role: 'AGENT' });
    expect((await me(b)).body.role).toBe('Agent');
  });

  it('refuses role=admin with 400 problem+json and starts no sign-in', async () => {
    for (const role of ['admin', 'Admin', 'superuser']) {
      const b = browser();
      const res = await b.request(`/api/auth/google-login?role=${role}&returnUrl=/`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(((await res.json()) as { message: string }).message).toBe(
        'Registration is open to students and agents only.',
      );
      expect(res.headers.get('location')).toBeNull();
      expect(b.cookie('signin')).toBeUndefined();
    }
  });

  it('never changes an existing account role at sign-in', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'keeps.role@example.test', role: 'agent' });
    const again = browser();
    await signInThroughDemo(again, { email: 'keeps.role@example.test', role: 'student' });
    const { body } = await me(again);
    expect(body.role).toBe('Agent');
    expect(body.userId).toBe((await me(b)).body.userId);
  });

  it('makes a new account listed in ADMIN_EMAILS an Admin (any letter case)', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'boss@example.TEST', role: 'student' });
    expect((await me(b)).body.role).toBe('Admin');
  });

  it('gives the demo accounts their roles and names', async () => {
    const expected = {
      'admin@demo.local': ['Admin', 'Dilnoza', 'Adminova'],
      'agent@demo.local': ['Agent', 'Timur', 'Rashidov'],
      'student@demo.local': ['Student', 'Aziza', 'Karimova'],
    };
    for (const [email, [role, firstName, lastName]] of Object.entries(expected)) {
      const b = browser();
      await signInThroughDemo(b, { email, role: 'agent' });
      expect((await me(b)).body).toMatchObject({ email, role, firstName, lastName });
      expect(await userRow('demo', email)).toMatchObject({ issuer: 'demo', subject: email, email, role });
    }
  });

  it('keys accounts by issuer + subject, not by email', async () => {
    const [google] = await t.database.db
      .insert(users)
      .values({
        issuer: 'https://accounts.google.com',
        subject: '1234567890',
        email: 'same@example.test',
        role: 'Agent',
      })
      .returning();
    const b = browser();
    await signInThroughDemo(b, { email: 'same@example.test' });
    const { body } = await me(b);
    expect(body.userId).not.toBe(google!.id);
    expect(body.role).toBe('Student');
  });
});

describe('SECURITY 14: returnUrl', () => {
  it.each([
    ['https://evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['evil.example/path'],
    [''],
    ['/%0d%0aSet-Cookie:x=1'.replace('%0d%0a', '\r\n')],
  ])('falls back to / for %j', async (returnUrl) => {
    const done = await signInThroughDemo(browser(), { email: 'return.url@example.test', returnUrl });
    expect(done.location).toBe('/');
  });

  it('keeps a same-origin path with its query', async () => {
    const done = await signInThroughDemo(browser(), {
      email: 'return.url@example.test',
      returnUrl: '/Agent/Students/FormPage?studentId=12',
    });
    expect(done.location).toBe('/Agent/Students/FormPage?studentId=12');
  });
});

describe('SECURITY 11, 16, 17, 18, 20: sessions', () => {
  it('gives /me after sign-in and 401 after logout, and clears the cookie', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'logout@example.test' });
    expect((await me(b)).status).toBe(200);
    const sid = b.cookie('sid')!;
    const res = await b.request('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(b.cookie('sid')).toBeUndefined();
    expect((await me(b)).status).toBe(401);
    // The session is gone on the server too, not only in this browser.
    const replay = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${sid}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['content-type']).toContain('application/problem+json');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const b = browser();
    const start = await b.navigate('/api/auth/google-login');
    const form = readForms(await start.res.text()).find((f) =>
      f.buttons.some((x) => x.text === 'student@demo.local'),
    )!;
    const toCallback = await b.submit(form.action, { email: 'student@demo.local' }, atCallback);
    // Made by hand to see the callback's own response.
    const callback = await b.request(toCallback.location!);
    expect(callback.status).toBe(303);
    const setCookie = callback.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
  });

  it('rotates the session id at every sign-in and ends the old session', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'rotate@example.test' });
    const first = b.cookie('sid')!;
    await signInThroughDemo(b, { email: 'rotate@example.test' });
    const second = b.cookie('sid')!;
    expect(second).toMatch(SESSION_ID);
    expect(second).not.toBe(first);
    expect((await me(b)).status).toBe(200);
    const old = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${first}` } });
    expect(old.statusCode).toBe(401);
  });

  it('switches account in the same browser (the previous user is not kept)', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'first.user@example.test' });
    await signInThroughDemo(b, { email: 'second.user@example.test', role: 'agent' });
    expect((await me(b)).body).toMatchObject({ email: 'second.user@example.test', role: 'Agent' });
  });

  it('uses a started sign-in only once and only in the browser that started it', async () => {
    const b = browser();
    const start = await b.navigate('/api/auth/google-login?returnUrl=/Student/Dashboard');
    const form = readForms(await start.res.text()).find((f) => f.inputs.some((i) => i.name === 'email'))!;
    const callbackUrl = (await b.submit(form.action, { email: 'once@example.test' }, atCallback)).location!;
    expect(callbackUrl).toMatch(/^\/api\/auth\/callback\?code=/);

    // Another browser (an attacker who got the link) cannot finish it.
    const other = browser();
    const stolen = await other.request(callbackUrl);
    expect(stolen.headers.get('location')).toBe('/login?signInError=failed');
    expect(other.cookie('sid')).toBeUndefined();

    const pending = async () => (await t.database.db.select().from(signInFlows)).length;
    const pendingBefore = await pending();
    const first = await b.request(callbackUrl);
    expect(first.headers.get('location')).toBe('/Student/Dashboard');
    const sid = b.cookie('sid');
    expect(sid).toMatch(SESSION_ID);
    expect((await me(b)).body).toMatchObject({ email: 'once@example.test', role: 'Student' });

    // Replaying the same callback (flow cookie put back) is refused; the session stays.
    b.setCookie('signin', 'x'.repeat(43));
    const replay = await b.request(callbackUrl);
    expect(replay.headers.get('location')).toBe('/login?signInError=failed');
    expect(b.cookie('sid')).toBe(sid);
    // The stored flow was taken out at first use.
    expect(await pending()).toBe(pendingBefore - 1);
  });

  it('refuses a sign-in finished after its time ran out', async () => {
    const b = browser();
    const start = await b.navigate('/api/auth/google-login');
    const form = readForms(await start.res.text()).find((f) => f.inputs.some((i) => i.name === 'email'))!;
    const callbackUrl = (await b.submit(form.action, { email: 'slow@example.test' }, atCallback)).location!;
    await t.database.db.update(signInFlows).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await b.request(callbackUrl);
    expect(res.headers.get('location')).toBe('/login?signInError=failed');
    expect(b.cookie('sid')).toBeUndefined();
  });

  it('stores the interface language on the account', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'language@example.test' });
    const put = (language: string) =>
      b.request('/api/auth/me/language', {
        method: 'PUT',
        body: JSON.stringify({ language }),
        headers: { 'content-type': 'application/json' },
      });
    expect((await put('ru')).status).toBe(204);
    expect((await me(b)).body.appLanguage).toBe('ru');
    expect((await put('de')).status).toBe(400);
    expect((await me(b)).body.appLanguage).toBe('ru');
    const anonymous = await browser().request('/api/auth/me/language', {
      method: 'PUT',
      body: JSON.stringify({ language: 'en' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses state-changing requests from another origin', async () => {
    const b = browser();
    await signInThroughDemo(b, { email: 'csrf@example.test' });
    const evil = await b.request('/api/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('content-type')).toContain('application/problem+json');
    const crossSite = await b.request('/api/auth/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const language = await b.request('/api/auth/me/language', {
      method: 'PUT',
      body: JSON.stringify({ language: 'en' }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(language.status).toBe(403);
    // Still signed in: none of them did anything.
    expect((await me(b)).body).toMatchObject({ email: 'csrf@example.test', appLanguage: null });
    const own = await b.request('/api/auth/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(204);
  });

  it('answers 401 problem+json to /me without a session', async () => {
    const res = await browser().request('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('signInAs (the helper other tests use)', () => {
  it('signs in quickly through the real flow, for every role', async () => {
    const started = Date.now();
    const student = await signInAs(t, 'helper.student@example.test', 'Student');
    const agent = await signInAs(t, 'helper.agent@example.test', 'Agent');
    const admin = await signInAs(t, 'helper.admin@example.test', 'Admin');
    const demoAdmin = await signInAs(t, 'admin@demo.local', 'Admin');
    expect((Date.now() - started) / 4).toBeLessThan(500);
    for (const [who, role] of [
      [student, 'Student'],
      [agent, 'Agent'],
      [admin, 'Admin'],
      [demoAdmin, 'Admin'],
    ] as const) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: who.headers });
      expect(res.json()).toMatchObject({ userId: who.userId, role });
    }
  });

  it('refuses to pretend an existing account has another role', async () => {
    await signInAs(t, 'helper.fixed@example.test', 'Agent');
    await expect(signInAs(t, 'helper.fixed@example.test', 'Student')).rejects.toThrow(
      /already exists as Agent/,
    );
  });
});
