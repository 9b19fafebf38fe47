// @both-databases: the position is a count (bigint: a string from pg, a number from PGlite)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, studentInfoBody, type TClient, universityBody, where } from './helpers.js';

// `positionOf` (issue 20 item 4): where a row stands in a list request (filter, page size; the
// list's order is by id), so a grid can open the page that holds a row it just saved. A row the
// filter leaves out, a missing id and another owner's row all answer "not in the list" alike.

let t: TestApp;
let admin: TClient;
let agentX: TClient;
let agentY: TClient;
const universityIds: number[] = [];
let otherUniversityId: number;
let xStudentId: number;
let yStudentId: number;

const ok = async (p: Promise<{ status: number; body: unknown; text: string }>) => {
  const res = await p;
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }).id;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'position.admin@resources.test', 'Admin'));
  agentX = client(t, await signInAs(t, 'position.x@resources.test', 'Agent'));
  agentY = client(t, await signInAs(t, 'position.y@resources.test', 'Agent'));
  for (let i = 0; i < 25; i++) {
    universityIds.push(await ok(admin.post('/University/add', universityBody(`Posmark ${i}`))));
    if (i === 3) otherUniversityId = await ok(admin.post('/University/add', universityBody('Elsewhere')));
  }
  xStudentId = await ok(agentX.post('/StudentInfo/add', studentInfoBody('Posxray')));
  yStudentId = await ok(agentY.post('/StudentInfo/add', studentInfoBody('Posyankee')));
});
afterAll(() => t?.close());

const filter = where('name', 'CONTAINS', 'Posmark');

describe('positionOf', () => {
  it('gives the 0-based index and page of a matching row in the filtered, id-ordered list', async () => {
    const res = await admin.post('/University/positionOf', { filter, pageSize: 10, id: universityIds[22] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ index: 22, page: 2 });
    // Without a filter the row after "Elsewhere" stands one further on.
    const all = await admin.post('/University/positionOf', { pageSize: 10, id: universityIds[4] });
    const first = await admin.post('/University/positionOf', { pageSize: 10, id: universityIds[0] });
    const { index: start } = first.body as { index: number };
    expect(all.body).toEqual({ index: start + 5, page: Math.floor((start + 5) / 10) });
  });

  it('agrees with getListByPage: the row is on the page it names', async () => {
    const { body } = await admin.post('/University/positionOf', {
      filter,
      pageSize: 7,
      id: universityIds[15],
    });
    const { index, page } = body as { index: number; page: number };
    const list = await admin.post('/University/getListByPage', { filter, page, pageSize: 7 });
    const rows = (list.body as { result: { id: number }[] }).result;
    expect(rows[index % 7]?.id).toBe(universityIds[15]);
  });

  it('answers "not in the list" for a row the filter leaves out and for a missing id', async () => {
    const filtered = await admin.post('/University/positionOf', {
      filter,
      pageSize: 10,
      id: otherUniversityId,
    });
    const missing = await admin.post('/University/positionOf', { filter, pageSize: 10, id: 999_999 });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual({ index: null, page: null });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ index: null, page: null });
  });

  it("answers another agent's student exactly like a missing one", async () => {
    const own = await agentX.post('/StudentInfo/positionOf', { pageSize: 10, id: xStudentId });
    expect(own.body).toEqual({ index: 0, page: 0 });
    const other = await agentX.post('/StudentInfo/positionOf', { pageSize: 10, id: yStudentId });
    const missing = await agentX.post('/StudentInfo/positionOf', { pageSize: 10, id: 999_999 });
    expect(other.status).toBe(missing.status);
    expect(other.text).toBe(missing.text);
    expect(other.body).toEqual({ index: null, page: null });
  });

  it('checks the role like the list: anonymous is refused, a bad body is a 400', async () => {
    const anonymous = client(t, null);
    expect((await anonymous.post('/StudentInfo/positionOf', { pageSize: 10, id: xStudentId })).status).toBe(
      401,
    );
    expect((await admin.post('/University/positionOf', { pageSize: 10 })).status).toBe(400);
    expect((await admin.post('/University/positionOf', { pageSize: 0, id: 1 })).status).toBe(400);
  });
});
