import type { TMe } from '@uniapply/shared';
import { validPersonal } from '@uniapply/shared/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { Browser, readForms } from './browser.js';
import { signInThroughDemo } from './flow.js';

// Names of new accounts come from the provider's given/family name claims; users correct them on
// their profile page through PUT /api/auth/me.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie: string) => {
  const res = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as TMe;
};
const putMe = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/me',
    headers: { ...(cookie ? { cookie } : {}), origin: t.baseUrl },
    payload: payload as Record<string, unknown>,
  });

/** Signs up through the demo page's email form with the names typed there. */
async function signUpWithNames(email: string, given: string, family: string) {
  const b = new Browser(t.baseUrl);
  const start = await b.navigate('/api/auth/google-login');
  const form = readForms(await start.res.text()).find((f) => f.inputs.some((i) => i.name === 'given_name'))!;
  expect(form.labels.map((l) => l.for)).toEqual(expect.arrayContaining(['given_name', 'family_name']));
  await b.submit(form.action, { email, given_name: given, family_name: family });
  const res = await b.request('/api/auth/me');
  expect(res.status).toBe(200);
  return { browser: b, me: (await res.json()) as TMe };
}

describe('names from the sign-in provider', () => {
  it("takes the provider's given_name and family_name claims for a new account", async () => {
    const { me: created } = await signUpWithNames('gulnora.x@example.test', ' Gulnora ', 'Tosheva-Karimova');
    expect(created).toMatchObject({ firstName: 'Gulnora', lastName: 'Tosheva-Karimova' });
  });

  it('derives the names from the email when the provider sends none', async () => {
    const b = new Browser(t.baseUrl);
    await signInThroughDemo(b, { email: 'bekzod.aliyev@example.test' });
    const res = await b.request('/api/auth/me');
    expect(await res.json()).toMatchObject({ firstName: 'Bekzod', lastName: 'Aliyev' });
  });
});

describe('PUT /api/auth/me (profile page)', () => {
  it("corrects the user's name, and a later sign-in does not undo it", async () => {
    const { browser, me: created } = await signUpWithNames('kamola@example.test', 'Kamola', 'Old');
    const cookie = browser.cookieHeader('/api/auth/me');
    const res = await putMe(cookie, { firstName: '  Kamola ', lastName: 'Yusupova' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...created, firstName: 'Kamola', lastName: 'Yusupova' });
    expect(await me(cookie)).toMatchObject({ firstName: 'Kamola', lastName: 'Yusupova' });

    const again = await signUpWithNames('kamola@example.test', 'Provider', 'Name');
    expect(again.me).toMatchObject({ userId: created.userId, firstName: 'Kamola', lastName: 'Yusupova' });
  });

  it('accepts an empty last name (not everybody has one)', async () => {
    const user = await signInAs(t, 'single.name@example.test', 'Student');
    const res = await putMe(user.cookie, { firstName: 'Madina', lastName: '' });
    expect(res.statusCode).toBe(200);
    expect(await me(user.cookie)).toMatchObject({ firstName: 'Madina', lastName: '' });
  });

  it('refuses an empty or overlong name with problem+json and changes nothing', async () => {
    const user = await signInAs(t, 'refused.name@example.test', 'Agent');
    const before = await me(user.cookie);
    for (const body of [
      { firstName: '   ', lastName: 'X' },
      { firstName: 'x'.repeat(101), lastName: 'X' },
      { firstName: 'X', lastName: 'y'.repeat(101) },
      { firstName: 'X' },
    ]) {
      const res = await putMe(user.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(await me(user.cookie)).toEqual(before);
  });

  it('item 6: sets nothing but the names (role, email or id in the body are refused)', async () => {
    const user = await signInAs(t, 'mass.assign@example.test', 'Student');
    const before = await me(user.cookie);
    for (const extra of [{ role: 'Admin' }, { email: 'boss@example.test' }, { userId: 1 }]) {
      const res = await putMe(user.cookie, { firstName: 'A', lastName: 'B', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await me(user.cookie)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await putMe(undefined, { firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(401);
  });
});

describe("a student's own profile names them (issue 18 item 7)", () => {
  const saveProfile = (cookie: string, firstName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/StudentInfo/CreateOrUpdate?stage=2&studentId=0',
      headers: { cookie, origin: t.baseUrl },
      payload: { ...validPersonal, firstName, lastName: 'Profilova' },
    });

  it("/me carries the student's own profile's name once it has one; an agent's students do not", async () => {
    const student = await signInAs(t, 'named.by.profile@example.test', 'Student');
    expect((await me(student.cookie)).profileName).toBeNull();
    expect((await saveProfile(student.cookie, 'Zarina')).statusCode).toBe(200);
    const after = await me(student.cookie);
    expect(after.profileName).toEqual({ firstName: 'Zarina', lastName: 'Profilova' });
    // The account's own name is unchanged (the profile page still corrects that one).
    expect(after).toMatchObject({ firstName: 'Named', lastName: 'By Profile' });

    const agent = await signInAs(t, 'names.agent@example.test', 'Agent');
    expect((await saveProfile(agent.cookie, 'Otabek')).statusCode).toBe(200);
    expect((await me(agent.cookie)).profileName).toBeNull();
  });
});
