// @both-databases: session lookups batched across concurrent requests on the pool
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';

// The session lookups of concurrent requests go as one query (db/batched-read.ts). What must hold:
// each request gets its own user, never another's, and a change made before a request began
// (a disabled account) is seen by it.
describe(`session lookups batched across requests (${testDbKind()})`, () => {
  let t: TestApp;
  const people: (SignedIn & { email: string })[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 8; i++) {
      const email = `batch.${i}@sessions.test`;
      people.push({ ...(await signInAs(t, email, i % 2 ? 'Agent' : 'Student')), email });
    }
  });
  afterAll(() => t?.close());

  const me = (who: SignedIn) => t.app.inject({ url: '/api/auth/me', headers: who.headers });

  it('gives every one of 64 concurrent requests of 8 people its own user', async () => {
    const asked = Array.from({ length: 64 }, (_, i) => people[(i * 5) % people.length]!);
    const answers = await Promise.all(asked.map(me));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: asked[i]!.userId, email: asked[i]!.email });
    });
  });

  it('refuses a disabled account in the requests that begin after it was disabled, the others unchanged', async () => {
    const [disabled, ...others] = people;
    // Requests under way while the account is disabled may still see it; the ones after must not.
    const before = Promise.all(people.map(me));
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled!.userId));
    await before;
    const after = await Promise.all([...people, ...people].map(me));
    expect(after.map((r) => r.statusCode)).toEqual([
      401,
      ...others.map(() => 200),
      401,
      ...others.map(() => 200),
    ]);
  });
});
