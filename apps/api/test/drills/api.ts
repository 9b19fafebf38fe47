import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { TRole } from '@uniapply/shared';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { sessionCookieName } from '../../src/http/session.js';
import type { TestApp } from '../app.js';
import { Browser } from '../auth/browser.js';
import { signInThroughDemo } from '../auth/flow.js';
import { universityBody } from '../resources/helpers.js';
import { type ServerProcess, startServer, waitUntilReady } from '../startup/server-process.js';
import { readAnswer, type TLoadOptions } from './load.js';
import { isListening } from './services.js';

// The API as the drills use it: a real process of its own (startup/server-process.ts holds the
// one start command), reached over HTTP on 127.0.0.1 as a user signed in through the real flow.

export type TApiProcess = {
  url: string;
  server: ServerProcess;
  /** True while the process runs (a drill asserts the fault did not end it). */
  alive(): boolean;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | string>;
};

/** Starts the API on `port` with `env` (a data directory of its own, removed on stop). */
export async function startApi(port: number, env: Record<string, string>): Promise<TApiProcess> {
  if (await isListening(port)) throw new Error(`port ${port} is already in use`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-drill-api-${port}-`));
  const server = startServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    // The drills' load is far above people's pace; the limits have tests of their own.
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_ANONYMOUS_MAX: '1000000',
    ...env,
  });
  let running = true;
  server.exited.then(() => (running = false));
  await waitUntilReady(server);
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    alive: () => running,
    stop: async () => {
      if (running) server.child.kill('SIGTERM');
      const code = await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export type TUser = { userId: number; cookie: string; headers: { cookie: string } };

/** Signs in through the demo provider's page as a browser does (Admin: list the email in ADMIN_EMAILS). */
export async function signIn(baseUrl: string, email: string, role: TRole): Promise<TUser> {
  const browser = new Browser(baseUrl);
  const done = await signInThroughDemo(browser, { email, role: role === 'Agent' ? 'agent' : 'student' });
  const name = sessionCookieName(false);
  const token = browser.cookie(name);
  if (!token || !done.location) throw new Error(`signing in ${email} failed (HTTP ${done.res.status})`);
  const cookie = `${name}=${token}`;
  const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });
  const body = (await me.json()) as { userId: number; role: TRole };
  if (body.role !== role) throw new Error(`${email} signed in as ${body.role}, not ${role}`);
  return { userId: body.userId, cookie, headers: { cookie } };
}

/** JSON requests to `/api…` as `who`, answered whole (status, headers, parsed body). */
export function apiClient(baseUrl: string, who: { headers: { cookie: string } } | null) {
  const headers: Record<string, string> = who ? { cookie: who.headers.cookie } : {};
  return {
    get: (url: string, signal?: AbortSignal) =>
      fetch(`${baseUrl}/api${url}`, { headers, signal }).then(readAnswer),
    post: (url: string, body?: unknown, signal?: AbortSignal) =>
      fetch(`${baseUrl}/api${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }).then(readAnswer),
    /** A multipart body as built by documents/helpers.ts's `multipart`. */
    postRaw: (url: string, payload: Buffer, extra: Record<string, string>, signal?: AbortSignal) =>
      fetch(`${baseUrl}/api${url}`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: new Uint8Array(payload),
        signal,
      }).then(readAnswer),
  };
}

/**
 * The API built in this process (`buildApp`) on a given database, listening on `port`: for drills
 * that look inside (its log, its files) or use the API tests' helpers, which take a TestApp.
 */
export async function startInProcessApi(
  port: number,
  database: Database,
  env: Record<string, string>,
  options: { logStream?: Writable } = {},
): Promise<TestApp> {
  if (await isListening(port)) throw new Error(`port ${port} is already in use`);
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: '/tmp/uniapply-test-unused',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_ANONYMOUS_MAX: '1000000',
    MAIL_POLL_MS: '0',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Closes the app's server and expects it to be done promptly: a connection still held by a request
 * the server never finished reading (or answering) would keep it open up to the keep-alive time.
 */
export async function expectPromptClose(t: TestApp, withinMs = 5000) {
  const started = performance.now();
  await t.app.close();
  const ms = performance.now() - started;
  console.log(`  the server closed ${Math.round(ms)} ms after the load (no connection left hanging)`);
  expect(ms).toBeLessThan(withinMs);
}

/**
 * The PostgreSQL drills' mix for an admin: every 4th request adds a university named
 * `${prefix} University ${i}` (a write whose id is checked afterwards), every 4th a page of the
 * list, the rest the session read.
 */
export function adminMix(admin: ReturnType<typeof apiClient>, prefix: string): TLoadOptions['next'] {
  return (i) => {
    if (i % 4 === 3)
      return {
        kind: 'write',
        send: (signal) => admin.post('/University/add', universityBody(`${prefix} University ${i}`), signal),
        check: (body) => (body as { id: number }).id,
      };
    if (i % 4 === 1)
      return {
        kind: 'list',
        send: (signal) => admin.post('/University/getListByPage', { page: 0, pageSize: 10 }, signal),
      };
    return { kind: 'session', send: (signal) => admin.get('/auth/me', signal) };
  };
}
