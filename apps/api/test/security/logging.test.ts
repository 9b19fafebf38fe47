import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';
import { testDbKind } from '../db.js';
import { upload } from '../documents/helpers.js';
import { logCapture } from '../log-capture.js';
import { client, studentInfoBody } from '../resources/helpers.js';

describe(`SECURITY 33: security logging without personal data (${testDbKind()})`, () => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', UPLOAD_MAX_MB: '1' }, { logStream: log.stream });
  });
  afterAll(() => t.close());

  it('item 33: a database error leaves no SQL parameters (passport, phone, address) in the log', async () => {
    const student = await signInAs(t, 'log.student@example.test', 'Student');
    // Break the table under the running app: the insert fails in the database with our values.
    await t.database.db.execute(sql`alter table student_infos rename column city to city_gone`);
    const body = {
      ...studentInfoBody('Logmarker'),
      passportSeries: 'QZ',
      passportNumber: '9182736',
      phoneNumber: '+998935554433',
      address: '77 Hidden Orchard Street',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/StudentInfo/add',
      headers: student.headers,
      payload: body,
    });
    await t.database.db.execute(sql`alter table student_infos rename column city_gone to city`);
    expect(res.statusCode, res.body).toBe(500);
    const failed = log.lines().filter((l) => l.msg === 'request failed');
    expect(failed).toHaveLength(1);
    const text = log.text();
    for (const secret of ['9182736', 'QZ', '998935554433', 'Hidden Orchard', 'Logmarker', 'insert into']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(res.body).not.toContain('9182736');
  });

  it('item 33: sign-in URLs (state, nonce, code) are logged without their query strings', async () => {
    await signInThroughDemo(new Browser(t.baseUrl), { email: 'log.query@example.test' });
    const text = log.text();
    expect(text).toContain('/api/auth/demo-oidc/'); // the requests are logged ...
    expect(text).not.toMatch(/[?&](state|nonce|code|code_challenge)=/); // ... their secrets are not
  });

  it('item 33: sign-in success and failure, sign-out, 401 and 403 are logged with user id, route and reason', async () => {
    const student = await signInAs(t, 'log.events@example.test', 'Student');
    const signedIn = log.lines().find((l) => l.event === 'sign-in' && l.userId === student.userId);
    expect(signedIn).toMatchObject({ event: 'sign-in', userId: student.userId });

    // A callback with no sign-in started in this browser.
    await t.app.inject({ url: '/api/auth/callback?code=abc&state=def' });
    expect(log.lines().find((l) => l.event === 'sign-in-failed')).toMatchObject({
      reason: 'no pending sign-in for this browser',
    });

    const forbidden = await t.app.inject({ url: '/api/admin/summary', headers: student.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(log.lines().find((l) => l.event === 'access-denied' && l.status === 403)).toMatchObject({
      userId: student.userId,
      route: 'GET /api/admin/summary',
      reason: expect.any(String),
    });

    const anonymous = await t.app.inject({ url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(log.lines().find((l) => l.event === 'access-denied' && l.status === 401)).toMatchObject({
      userId: null,
      route: 'GET /api/auth/me',
      reason: expect.any(String),
    });

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: student.headers,
    });
    expect(out.statusCode).toBe(204);
    expect(log.lines().find((l) => l.event === 'sign-out')).toMatchObject({ userId: student.userId });
    expect(log.text()).not.toContain(student.cookie.split('=')[1]);
  });

  it('item 33: a refused upload (content, size) is logged with the user id and code, not the file name', async () => {
    const student = await signInAs(t, 'log.upload@example.test', 'Student');
    const c = client(t, student);
    const { id: studentId } = (
      await c.post('/StudentInfo/CreateOrUpdate?studentId=0', studentInfoBody('Uplog'))
    ).body as { id: number };
    const php = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'Secretname-shell.pdf', data: Buffer.from('<?php system($_GET["c"]); ?>\n') },
      fields: { studentId },
    });
    expect(php.status).toBe(400);
    const big = await upload(t, student, '/Qualification/upload', {
      file: { filename: 'Secretname-big.pdf', data: Buffer.alloc(2 * 1024 * 1024, 1) },
      fields: { studentId },
    });
    expect(big.status).toBe(413);
    const refused = log.lines().filter((l) => l.event === 'upload-refused');
    expect(refused).toEqual([
      expect.objectContaining({
        userId: student.userId,
        status: 400,
        code: 'fileType',
        route: 'POST /api/Qualification/upload',
      }),
      expect.objectContaining({
        userId: student.userId,
        status: 413,
        route: 'POST /api/Qualification/upload',
      }),
    ]);
    expect(log.text()).not.toContain('Secretname');
  });

  it("item 33: another owner's record (the 404) is an access event with the user id and the route", async () => {
    const owner = await signInAs(t, 'log.owner@example.test', 'Agent');
    const { id } = (await client(t, owner).post('/StudentInfo/add', studentInfoBody('Logowned'))).body as {
      id: number;
    };
    const prober = await signInAs(t, 'log.prober@example.test', 'Agent');
    const res = await t.app.inject({ url: `/api/Document/list?studentId=${id}`, headers: prober.headers });
    expect(res.statusCode).toBe(404);
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/StudentInfo/update',
      headers: prober.headers,
      payload: { ...studentInfoBody('Logprobe'), id },
    });
    expect(probe.statusCode).toBe(404);
    const events = log.lines().filter((l) => l.event === 'access-denied' && l.status === 404);
    expect(events).toEqual([
      expect.objectContaining({ userId: prober.userId, route: 'GET /api/Document/list' }),
      expect.objectContaining({ userId: prober.userId, route: 'POST /api/StudentInfo/update' }),
    ]);
    expect(log.text()).not.toContain('Logprobe');
  });
});

describe('item 28: a production start without a malware scanner is warned about', () => {
  it('logs a warning naming CLAMD_SOCKET when it is not set, none when it is', async () => {
    const production = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
    };
    for (const [clamd, warned] of [
      [undefined, true],
      ['/run/clamav/clamd.ctl', false],
    ] as const) {
      const log = logCapture();
      const t = await createTestApp(
        { ...production, ...(clamd ? { CLAMD_SOCKET: clamd } : {}) },
        {
          logStream: log.stream,
        },
      );
      await t.close();
      const warning = log.lines().find((l) => l.event === 'no-malware-scanner');
      if (warned) expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('CLAMD_SOCKET') });
      else expect(warning).toBeUndefined();
    }
  });
});
