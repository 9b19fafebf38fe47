import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../src/modules/contact/routes.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';

const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.test`,
  message: `Hello ${n}`,
});

describe('contact form', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: body as object, headers });

  it('stores a message without sign-in and shows it to admins, newest first', async () => {
    const first = await post(message(1));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number) });
    const second = await post({ ...message(2), name: '  Trimmed  ' });
    expect(second.statusCode).toBe(201);

    const admin = await signInAs(t, 'contact.admin@example.test', 'Admin');
    const latest = await t.app.inject({ url: '/api/contact/latest?limit=5', headers: admin.headers });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual([
      {
        id: second.json().id,
        name: 'Trimmed',
        email: 'sender2@example.test',
        message: 'Hello 2',
        createdAt: expect.any(String),
      },
      { id: first.json().id, ...message(1), createdAt: expect.any(String) },
    ]);
    const one = await t.app.inject({ url: '/api/contact/latest?limit=1', headers: admin.headers });
    expect(one.json()).toHaveLength(1);
  });

  it('validates name, email and message with the shared schema', async () => {
    const res = await post({ name: ' ', email: 'nope', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.name', code: 'required', message: 'Please fill in this field.' },
        { path: 'body.email', code: 'email', message: 'Please enter a valid email address.' },
        { path: 'body.message', code: 'required', message: 'Please fill in this field.' },
      ]),
    );
    const extra = await post({ ...message(3), id: 99 });
    expect(extra.statusCode).toBe(400);
  });

  it('keeps the latest messages for admins only', async () => {
    expect((await t.app.inject('/api/contact/latest')).statusCode).toBe(401);
    const student = await signInAs(t, 'contact.student@example.test', 'Student');
    const agent = await signInAs(t, 'contact.agent@example.test', 'Agent');
    for (const who of [student, agent]) {
      const res = await t.app.inject({ url: '/api/contact/latest', headers: who.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses a post from another origin', async () => {
    const res = await post(message(4), { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('contact form rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`accepts ${CONTACT_RATE_LIMIT} messages a minute from one address, then 429`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message(i) });
      expect(res.statusCode).toBe(201);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message(9) });
    expect(over.statusCode).toBe(429);
    expect(over.headers['content-type']).toContain('application/problem+json');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message(10),
      remoteAddress: '10.0.0.7',
    });
    expect(other.statusCode).toBe(201);
    const admin = await signInAs(t, 'admin@demo.local', 'Admin');
    const stored = await t.app.inject({ url: '/api/contact/latest?limit=50', headers: admin.headers });
    expect(stored.json()).toHaveLength(CONTACT_RATE_LIMIT + 1);
  });
});
