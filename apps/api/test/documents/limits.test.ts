import { UPLOAD_EXTENSIONS } from '@uniapply/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type TestApp } from '../app.js';
import { client, studentInfoBody } from '../resources/helpers.js';
import { createDocsApp, MAX_BYTES, upload } from './helpers.js';
import { pdfFile } from './samples.js';

// Issue 18 item 5: the upload limit is stated before it bites (GET /api/config) and named when it
// does (the 413's `limitMb`). The test app runs with UPLOAD_MAX_MB=0.05.

let t: TestApp & { filesDir: string };
let student: { headers: { cookie: string } };

beforeAll(async () => {
  t = await createDocsApp();
  student = await signInAs(t, 'limits@documents.test', 'Student');
  await client(t, student).post('/StudentInfo/add', studentInfoBody('Limits'));
});
afterAll(() => t?.close());

describe('the published upload limit', () => {
  it('GET /api/config answers the limit and the accepted types to a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: student.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uploadMaxBytes: MAX_BYTES,
      uploadMaxMb: 0.05,
      uploadTypes: [...UPLOAD_EXTENSIONS],
    });
  });

  it('asks for a session like every other signed-in call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a refusal names the limit', () => {
  const padded = (size: number) => {
    const base = pdfFile();
    return Buffer.concat([
      base.subarray(0, 9),
      Buffer.from(`%${'x'.repeat(size - base.length - 2)}\n`),
      base.subarray(9),
    ]);
  };

  it('a file over the limit: 413 fileTooLarge with limitMb', async () => {
    const res = await upload(t, student, '/Language/upload', {
      file: { filename: 'big.pdf', data: padded(MAX_BYTES + 1) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      status: 413,
      code: 'fileTooLarge',
      params: { limitMb: 0.05 },
      message: 'The file is larger than 0.05 MB.',
    });
  });

  it('a declared length over the limit, refused before the body: the same problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Document/upload',
      headers: {
        ...student.headers,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(MAX_BYTES * 4),
      },
      payload: Buffer.alloc(MAX_BYTES * 4),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'fileTooLarge', params: { limitMb: 0.05 } });
  });
});
