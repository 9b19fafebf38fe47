import type { TRole } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/auth/sessions.js';
import { createTestDatabase } from './db.js';

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/uniapply-test-unused',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type SignedIn = { userId: number; cookie: string; headers: { cookie: string } };

/**
 * Signs a user in and returns the cookie header to send.
 * TODO(auth): replace the direct session with the real OpenID Connect flow.
 */
export async function signInAs(t: TestApp, email: string, role: TRole): Promise<SignedIn> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      issuer: 'test',
      subject: email,
      email,
      role,
      firstName: email.split('@')[0]!,
      lastName: 'Test',
    })
    .returning({ id: users.id });
  const token = await createSession(t.database.db, user!.id, t.app.config.session);
  const cookie = `sid=${token}`;
  return { userId: user!.id, cookie, headers: { cookie } };
}
