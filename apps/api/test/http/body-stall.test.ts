import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentInfos } from '../../src/db/schema/index.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { logCapture } from '../log-capture.js';
import { openRawRequest } from '../raw-request.js';
import { studentInfoBody } from '../resources/helpers.js';

// Issue 11: a JSON body that goes silent half-way (a phone losing its signal mid-save, the
// connection left open) is ended after UPLOAD_STALL_MS without a byte: 408 `requestStalled`, the
// connection closed, nothing saved, the event logged with the user id and without the body.
// Before, it held the request and its connection until Node's 10-minute request limit.

const STALL_MS = 400;
/** How late the server may end a stalled body, beyond STALL_MS (a loaded machine's slack). */
const SLACK_MS = 2500;
const MARKER = 'Silentbody';

let t: TestApp;
let agent: SignedIn;
const log = logCapture();

beforeAll(async () => {
  t = await createTestApp(
    { UPLOAD_STALL_MS: String(STALL_MS), LOG_LEVEL: 'info' },
    { logStream: log.stream },
  );
  agent = await signInAs(t, 'silent.saver@body-stall.test', 'Agent');
});
afterAll(() => t?.close());

const students = async () => (await t.database.db.select({ n: count() }).from(studentInfos))[0]!.n;

/** A connection that has sent an add's head; the JSON body goes out as the test says. */
async function openAdd(marker: string) {
  return openRawRequest(
    t.baseUrl,
    ['POST /api/StudentInfo/add HTTP/1.1', `Cookie: ${agent.cookie}`, 'Content-Type: application/json'],
    Buffer.from(JSON.stringify(studentInfoBody(marker))),
  );
}

const statusOf = (answer: string) => Number(answer.split(' ')[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as object;

describe('a JSON body that stalls half-way', () => {
  it('is answered 408 requestStalled after UPLOAD_STALL_MS, the connection closed; nothing is saved', async () => {
    const before = await students();
    const add = await openAdd(MARKER);
    const sentAt = await add.send(0, 40);
    const closedAt = await Promise.race([
      add.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), STALL_MS + SLACK_MS)),
    ]);
    expect(closedAt, 'the server still holds the stalled request').not.toBeNull();
    console.log(
      `a JSON body silent after 40 bytes: 408 and closed ${Math.round(closedAt! - sentAt)} ms later`,
    );
    expect(closedAt! - sentAt).toBeGreaterThanOrEqual(STALL_MS - 50);
    expect(statusOf(add.answer())).toBe(408);
    expect(add.answer()).toMatch(/content-type: application\/problem\+json/i);
    expect(bodyOf(add.answer())).toMatchObject({ status: 408, code: 'requestStalled' });
    expect(await students()).toBe(before);

    const logged = log.lines().filter((l) => (l as { event?: string }).event === 'request-stalled');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ userId: agent.userId, route: 'POST /api/StudentInfo/add' });
    // The log names the request, never what was in it.
    expect(log.text()).not.toContain(MARKER);
  });

  it('lets a slow but steady body through (a byte well within each UPLOAD_STALL_MS)', async () => {
    const before = await students();
    const add = await openAdd(`${MARKER}Slow`);
    const step = Math.ceil(add.payload.length / 4);
    for (let from = 0; from < add.payload.length; from += step) {
      await add.send(from, from + step);
      await new Promise((r) => setTimeout(r, STALL_MS / 2));
    }
    await expect.poll(() => statusOf(add.answer()), { timeout: 5000 }).toBe(200);
    expect(await students()).toBe(before + 1);
  });

  it("lets a late body reach a route that reads it itself (the demo provider's token endpoint)", async () => {
    const stalled = () => log.lines().filter((l) => (l as { event?: string }).event === 'request-stalled');
    const before = stalled().length;
    const token = await openRawRequest(
      t.baseUrl,
      ['POST /api/auth/demo-oidc/token HTTP/1.1', 'Content-Type: application/x-www-form-urlencoded'],
      // Larger than a stream's 16 KB buffer, so a relay nobody reads would hold the provider back.
      Buffer.from(
        `grant_type=authorization_code&code=not-a-code&client_id=nobody&redirect_uri=x&pad=${'p'.repeat(40_000)}`,
      ),
    );
    await token.send(0, 20);
    await new Promise((r) => setTimeout(r, STALL_MS * 2));
    await token.send(20);
    // The provider read the whole body and answered for itself (a refused grant, not our 408).
    await expect.poll(() => statusOf(token.answer()), { timeout: 5000 }).toBeGreaterThanOrEqual(400);
    expect(statusOf(token.answer())).not.toBe(408);
    expect(bodyOf(token.answer())).toHaveProperty('error');
    expect(stalled()).toHaveLength(before);
  });

  it('leaves bodiless requests and whole bodies as they were', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const add = await openAdd(`${MARKER}Whole`);
    await add.send(0);
    await expect.poll(() => statusOf(add.answer()), { timeout: 5000 }).toBe(200);
  });
});
