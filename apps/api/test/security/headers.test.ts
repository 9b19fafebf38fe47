import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createSession } from '../../src/http/session-store.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';

const json = { 'content-type': 'application/json' };

describe(`SECURITY 22, 23, 32: API response headers (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('item 23: every API response says Cache-Control: no-store, errors and unknown routes too (catalogue reads: private, no-cache)', async () => {
    const admin = await signInAs(t, 'admin@demo.local', 'Admin');
    const cases = [
      { url: '/api/health' },
      { url: '/api/ready' },
      { url: '/api/auth/me', headers: admin.headers },
      { url: '/api/auth/me' }, // 401 problem+json
      { url: '/api/StudentInfo/allAsync', headers: admin.headers },
      { method: 'POST' as const, url: '/api/University/count', headers: admin.headers, payload: '{' }, // 400
      { url: '/api/no/such/route' }, // 404 problem+json
      { method: 'POST' as const, url: '/api/auth/logout', headers: { origin: 'https://evil.example' } }, // 403
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method ?? 'GET',
        url: c.url,
        headers: { ...json, ...c.headers },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      expect(res.headers['cache-control'], `${c.url} ${res.statusCode}`).toBe('no-store');
    }
    // The catalogue is not personal data: browsers may keep it but revalidate every use (ETag).
    const catalogue = await t.app.inject({ url: '/api/University/allAsync', headers: admin.headers });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers['cache-control']).toBe('private, no-cache');
    expect(catalogue.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('item 22: CSP has base-uri none, no ws:/wss: wildcard, fonts from self only', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('font-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('item 32: /api/docs is served outside production', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
  });
});

describe(`spec 7: an empty JSON body on a route that takes none (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('POST /api/auth/logout with Content-Type: application/json and no body signs out', async () => {
    const student = await signInAs(t, 'empty.body@example.test', 'Student');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...json, ...student.headers },
    });
    expect(res.statusCode, res.body).toBe(204);
    const me = await t.app.inject({ url: '/api/auth/me', headers: student.headers });
    expect(me.statusCode).toBe(401);
  });

  it('a resource verb without a body (count) answers with an empty JSON body', async () => {
    const admin = await signInAs(t, 'admin@demo.local', 'Admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/University/count',
      headers: { ...json, ...admin.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json()).toBe('number');
  });

  it('a malformed or poisoned JSON body is still refused', async () => {
    const admin = await signInAs(t, 'admin@demo.local', 'Admin');
    for (const payload of ['{', '{"__proto__":{"x":1}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/University/count',
        headers: { ...json, ...admin.headers },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('item 32: /api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
    });
  });
  afterAll(() => t.close());

  const sessionOf = async (role: 'Admin' | 'Student') => {
    const [u] = await t.database.db
      .insert(users)
      .values({
        issuer: 'https://accounts.google.com',
        subject: `docs-${role}`,
        email: `docs.${role.toLowerCase()}@example.test`,
        role,
      })
      .returning({ id: users.id });
    return { cookie: `sid=${await createSession(t.database.db, u!.id, t.app.config.session)}` };
  };

  it('item 32: anonymous and non-admin users get 404; an admin gets the document', async () => {
    const anonymous = await t.app.inject({ url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(404);
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(404);
    const student = await t.app.inject({ url: '/api/docs/json', headers: await sessionOf('Student') });
    expect(student.statusCode).toBe(404);
    const admin = await t.app.inject({ url: '/api/docs/json', headers: await sessionOf('Admin') });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toHaveProperty('openapi');
  });
});
