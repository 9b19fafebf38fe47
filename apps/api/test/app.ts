import net from 'node:net';
import type { Writable } from 'node:stream';
import type { TRole } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { TClock } from '../src/clock.js';
import { readConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { findDemoAccount } from '../src/db/seed/demo-accounts.js';
import { sessionCookieName } from '../src/http/session.js';
import { Browser } from './auth/browser.js';
import { signInThroughDemo } from './auth/flow.js';
import { createTestDatabase } from './db.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The listening server, e.g. http://127.0.0.1:41234 (sign-in goes over real HTTP). */
  baseUrl: string;
  close(): Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole API on a fresh database, listening on a free local port: `inject` works as before,
 * and the OpenID Connect sign-in (which makes real HTTP calls to the demo provider on the same
 * origin) works too. The public URL is the listening address, so PORT is picked before building.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: Writable; database?: Database; clock?: TClock } = {},
): Promise<TestApp> {
  // A database the test opened itself (e.g. on disk, for a script to open after) is closed, not dropped.
  const database = options.database ?? (await createTestDatabase());
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    let app: FastifyInstance | undefined;
    try {
      const config = readConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: '/tmp/uniapply-test-unused',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Tests sign in and list far faster than people: rate-limit tests set their own limits.
        RATE_LIMIT_MAX: '100000',
        RATE_LIMIT_ANONYMOUS_MAX: '100000',
        // The job runner's loop and the mail job are off: tests run what is due with
        // app.jobs.runDue(now) and send mails with app.mailWorker.drain().
        JOBS_POLL_MS: '0',
        MAIL_POLL_MS: '0',
        ...env,
      });
      app = await buildApp({
        config,
        database,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      });
      await app.listen({ host: '127.0.0.1', port });
    } catch (err) {
      await app?.close();
      // Another process may take the port between picking and listening: pick again.
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
      await database.close();
      throw err;
    }
    const started = app;
    return {
      app: started,
      database,
      baseUrl: `http://127.0.0.1:${port}`,
      close: async () => {
        await started.close();
        await database.close();
      },
    };
  }
}

export type SignedIn = { userId: number; cookie: string; headers: { cookie: string } };

/**
 * Signs a user in through the real OpenID Connect flow (the demo provider's page, as a browser
 * would) and returns the session cookie header to send. A new email becomes an account with
 * `role`: Student and Agent are the sign-up choices; Admin works for the demo admin, and for any
 * other email by listing it in the app's ADMIN_EMAILS (done here, as if set in the environment).
 * Throws when the account already exists with another role (roles never change at sign-in).
 */
export async function signInAs(t: TestApp, email: string, role: TRole): Promise<SignedIn> {
  const normalized = email.trim().toLowerCase();
  const { adminEmails } = t.app.config;
  if (role === 'Admin' && !findDemoAccount(normalized) && !adminEmails.includes(normalized)) {
    adminEmails.push(normalized);
  }
  const browser = new Browser(t.baseUrl);
  const done = await signInThroughDemo(browser, { email, role: role === 'Agent' ? 'agent' : 'student' });
  const name = sessionCookieName(t.app.config.secureCookies);
  const token = browser.cookie(name);
  if (!token || !done.location) throw new Error(`signing in ${email} failed (HTTP ${done.res.status})`);
  const cookie = `${name}=${token}`;
  const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  const body = me.json() as { userId: number; role: TRole };
  if (me.statusCode !== 200) throw new Error(`signing in ${email} gave no session (HTTP ${me.statusCode})`);
  if (body.role !== role) throw new Error(`${email} already exists as ${body.role}, not ${role}`);
  return { userId: body.userId, cookie, headers: { cookie } };
}
