import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, seedCatalogue, type TClient, type TResponse, where } from '../resources/helpers.js';

// The OpenAPI document at /api/docs/json: complete enough to generate a client from, and true to
// what the API answers (responses are checked against the document's own schemas).

type TMedia = { schema?: object };
type TResponseObject = { $ref?: string; description?: string; content?: Record<string, TMedia> };
type TOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: object[];
  responses: Record<string, TResponseObject>;
};
type TDoc = {
  openapi: string;
  security: object[];
  paths: Record<string, Record<string, TOperation>>;
  components: {
    schemas: Record<string, object>;
    responses: Record<string, TResponseObject>;
    securitySchemes: Record<string, object>;
  };
};

let t: TestApp;
let doc: TDoc;
let admin: TClient;
let cat: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/api/docs/json')).json() as TDoc;
  admin = client(t, await signInAs(t, 'openapi.admin@openapi.test', 'Admin'));
  cat = await seedCatalogue(admin, 'Doc');
});
afterAll(() => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

/** A JSON schema from the document with its `$ref`s replaced by what they point to. */
function resolve(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const [, , kind, name] = ref.split('/');
    return resolve((doc.components as Record<string, Record<string, unknown>>)[kind!]![name!]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
}

/** Checks a response against the document: status listed, media type and body schema. */
function expectDocumented(path: string, method: string, res: TResponse) {
  expect(Object.keys(doc.paths[`/api${path}`] ?? {}), `${path} is documented`).toContain(method);
  const op = doc.paths[`/api${path}`]![method]!;
  expect(Object.keys(op.responses), `${method} ${path} documents its answer`).toContain(String(res.status));
  const declared = resolve(op.responses[String(res.status)]) as TResponseObject;
  const [mediaType, media] = Object.entries(declared!.content ?? {})[0] ?? [];
  expect(res.contentType.split(';')[0]).toBe(mediaType);
  const schema = z.fromJSONSchema(media!.schema as never);
  const parsed = schema.safeParse(res.body);
  expect(parsed.error?.issues, `${method} ${path} ${res.status} body matches the document`).toBeUndefined();
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with an operationId, tags, a summary and responses on every operation', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ops = operations();
    expect(ops.length).toBeGreaterThan(200);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.tags?.length, where).toBe(1);
      expect(op.summary, where).toMatch(/\S/);
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^[23]\d\d$/.test(s)),
        `${where} has a success response`,
      ).toBe(true);
      expect(op.responses['400'], where).toEqual({ $ref: '#/components/responses/Problem400' });
      expect(op.responses['500'], where).toEqual({ $ref: '#/components/responses/Problem500' });
    }
  });

  it('names the generic verbs Base_verb, tagged by their resource base', () => {
    const op = doc.paths['/api/University/getListByPage']!.post!;
    expect(op.operationId).toBe('University_getListByPage');
    expect(op.tags).toEqual(['University']);
    expect(doc.paths['/api/Course/{id}']!.get!.operationId).toBe('Course_get');
    expect(doc.paths['/api/Course/updateCourse/{id}']!.put!.operationId).toBe('Course_updateCourse');
    expect(doc.paths['/api/StudentCourse/addOrUpdateList']!.post!.operationId).toBe(
      'StudentCourse_addOrUpdateList',
    );
  });

  it('describes every error as problem+json with the Problem schema', () => {
    const problem = doc.components.schemas.Problem as { properties: object; required: string[] };
    expect(Object.keys(problem.properties).sort()).toEqual([
      'code',
      'errors',
      'message',
      'params',
      'status',
      'title',
      'type',
    ]);
    expect(problem.required.sort()).toEqual(['message', 'status', 'title', 'type']);
    for (const [name, response] of Object.entries(doc.components.responses)) {
      expect(response.content, name).toEqual({
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      });
    }
  });

  it('item 4: the session cookie is the security scheme; only sign-in, logout, contact and the signed-out language choice are public', async () => {
    expect(doc.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sid' }),
    });
    expect(doc.security).toEqual([{ cookieAuth: [] }]);
    const open = operations().filter(({ op }) => op.security?.length === 0);
    expect(open.map(({ op }) => op.operationId).sort()).toEqual([
      'Auth_chooseLanguage',
      'Auth_googleLogin',
      'Auth_logout',
      'Contact_send',
    ]);
    for (const { op, path, method } of operations()) {
      if (op.security?.length === 0) continue;
      expect(op.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Problem401' });
    }
    // What the document says is what the API does: without a session a secured call is a 401.
    const anonymous = client(t, null);
    const res = await anonymous.post('/University/getListByPage', {});
    expect(res.status).toBe(401);
    expectDocumented('/University/getListByPage', 'post', res);
  });

  it('issue 18 item 5: the published configuration (the upload limit) answers as documented', async () => {
    const res = await admin.get('/config');
    expect(res.status).toBe(200);
    expect(doc.paths['/api/config']!.get!.operationId).toBe('Config_get');
    expectDocumented('/config', 'get', res);
  });

  it('item 5: the answers of the generic verbs match their documented schemas', async () => {
    const bases = {
      DocumentType: cat.documentTypeId,
      CourseLevel: cat.levelId,
      CourseCategory: cat.categoryId,
      Course: cat.courseId,
      University: cat.universityId,
      UniversityCourse: cat.universityCourseId,
      Notification: cat.notificationId,
    };
    for (const [base, id] of Object.entries(bases)) {
      expectDocumented(`/${base}/{id}`, 'get', await admin.get(`/${base}/${id}`));
      expectDocumented(`/${base}/allAsync`, 'get', await admin.get(`/${base}/allAsync`));
      const filter = where('id', 'EQ', id);
      for (const verb of ['getListByPage', 'findAsync', 'getItem', 'getId', 'count', 'countAsync']) {
        const body = verb === 'getListByPage' ? { filter, page: 0, pageSize: 10 } : filter;
        const res = await admin.post(`/${base}/${verb}`, body);
        expect(res.status, `${base}/${verb}`).toBe(200);
        expectDocumented(`/${base}/${verb}`, 'post', res);
      }
      expectDocumented(`/${base}/find`, 'post', await admin.post(`/${base}/find`, { id }));
    }
  });

  it('item 5: writes, 404, 400 and 409 answers match the document', async () => {
    const added = await admin.post('/CourseLevel/add', { name: 'Doc Master' });
    expect(added.status).toBe(200);
    expectDocumented('/CourseLevel/add', 'post', added);
    const id = (added.body as { id: number }).id;
    const updated = await admin.post('/CourseLevel/update', { id, name: 'Doc Masters' });
    expectDocumented('/CourseLevel/update', 'post', updated);
    const deleted = await admin.post('/CourseLevel/delete', { id });
    expect(deleted.body).toEqual({ id });
    expectDocumented('/CourseLevel/delete', 'post', deleted);

    const missing = await admin.get(`/CourseLevel/${id}`);
    expect(missing.status).toBe(404);
    expectDocumented('/CourseLevel/{id}', 'get', missing);
    const invalid = await admin.post('/University/add', { name: '' });
    expect(invalid.status).toBe(400);
    expectDocumented('/University/add', 'post', invalid);
    const inUse = await admin.post('/CourseLevel/delete', { id: cat.levelId });
    expect(inUse.status).toBe(409);
    expectDocumented('/CourseLevel/delete', 'post', inUse);
  });
});
