import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';

// Issue 18 item 12: odd input gets a clean answer. A JSON body nested thousands of levels deep is a
// 400 `jsonTooDeep` on every route (it was a 500 where a route measured it with JSON.stringify);
// the framework's own refusals (a malformed URL, a path parameter over the router's length, an
// unknown address) are problems like every other answer: problem+json, the security headers
// (CSP, nosniff) and `Cache-Control: no-store`.

/** One request over a plain socket, written as given; the whole answer as text. */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

type TAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Nested arrays `depth` levels deep (`[[[…]]]`), inside an object: 2 bytes a level. */
const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

function expectCleanProblem(res: TAnswer, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ status, code });
  expect(res.body).not.toMatch(/FST_|stack|node_modules/);
  return body;
}

describe(`item 12: odd input (${testDbKind()})`, () => {
  let t: TestApp;
  let student: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    student = await signInAs(t, 'odd.input@odd.test', 'Student');
  });
  afterAll(() => t?.close());

  const send = async (method: string, url: string, payload?: string): Promise<TAnswer> => {
    const res = await t.app.inject({
      method: method as 'PUT',
      url,
      headers: { ...student.headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, headers: res.headers as TAnswer['headers'], body: res.body };
  };

  it('a draft nested 5,000 levels deep (10 KB) is a 400 jsonTooDeep naming the limit, not a 500', async () => {
    const deep = nested(5000);
    expect(deep.length).toBeLessThan(11_000);
    const body = expectCleanProblem(
      await send('PUT', '/api/Draft?studentId=0&step=1', deep),
      400,
      'jsonTooDeep',
    );
    expect(body.params).toEqual({ max: MAX_JSON_DEPTH });
    expect(body.message).toContain(String(MAX_JSON_DEPTH));
  });

  it('every JSON body is bounded, and one at the limit still reaches its route', async () => {
    for (const url of ['/api/StudentInfo/add', '/api/StudentInfo/getListByPage', '/api/auth/me/language']) {
      const method = url.endsWith('language') ? 'PUT' : 'POST';
      expectCleanProblem(await send(method, url, nested(MAX_JSON_DEPTH + 1)), 400, 'jsonTooDeep');
      // Brackets inside strings are text, not nesting.
      const inText = JSON.stringify({ name: '['.repeat(5000) });
      expect(JSON.parse((await send(method, url, inText)).body).code).not.toBe('jsonTooDeep');
    }
    const atLimit = await send('PUT', '/api/Draft?studentId=0&step=1', nested(MAX_JSON_DEPTH));
    expect(atLimit.status, atLimit.body).toBe(204);
  });

  it('a malformed URL is a problem with the security headers', async () => {
    const body = expectCleanProblem(await send('GET', '/api/University/%FF'), 400, 'badUrl');
    expect(body.message).not.toContain('%FF');
    // Over real HTTP too (inject decodes differently from a socket).
    const raw = await rawRequest(
      t.baseUrl,
      'GET /api/University/%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toMatch(/content-type: application\/problem\+json/i);
    expect(raw).toMatch(/cache-control: no-store/i);
    expect(raw).toMatch(/content-security-policy: /i);
  });

  it("the router's 414 (a path parameter over its length) is a problem with the security headers", async () => {
    const res = await send('GET', `/api/Document/downloadByFileId/${'a'.repeat(500)}`);
    expectCleanProblem(res, 414, 'urlTooLong');
  });

  it('an unknown API address is a problem with the security headers', async () => {
    expectCleanProblem(await send('GET', '/api/No/such/route'), 404, 'notFound');
  });
});
