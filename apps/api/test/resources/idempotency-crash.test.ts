// @both-databases: kill -9 between the claim and the answer, on each database's transactions
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../app.js';
import { createTestDatabase, testDbKind } from '../db.js';
import { apiClient, signIn, type TUser } from '../drills/api.js';
import { type ServerProcess, startServer, waitUntilReady } from '../startup/server-process.js';
import { studentInfoBody } from './helpers.js';

// SECURITY 34 (issue 18 item 9): a keyed add whose process is killed (kill -9) between claiming
// its Idempotency-Key and answering leaves no key "in progress": a retry with the same key on a
// fresh process runs, and the row exists once. The child server stops at a test-only pause point
// (TEST_PAUSE_AT, http/test-pause.ts) and says so in its log, so the kill always lands there.

const PAUSED = /"event":"test-pause"/;

async function waitFor(server: ServerProcess, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return;
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server never reached ${pattern}:\n${server.output().slice(-3000)}`);
}

describe(`SECURITY 34: an idempotent add killed mid-way (${testDbKind()})`, () => {
  let dataDir = '';
  let databaseUrl: string | undefined;
  let closeDatabase = async () => {};
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-idem-crash-'));
    if (testDbKind() === 'postgres') {
      // A database of its own (migrated here); the child processes connect to it.
      const database = await createTestDatabase();
      databaseUrl = database.url;
      closeDatabase = database.close;
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    await closeDatabase();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real server as a process of its own, on the shared data directory or database. */
  const start = async (env: Record<string, string> = {}) => {
    // A port of its own, known before the start: the demo sign-in calls the public URL.
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      MAIL_POLL_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
    started.push(server);
    await waitUntilReady(server, 100_000);
    return { server, url: `http://127.0.0.1:${port}` };
  };
  const kill9 = async (server: ServerProcess) => {
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
  };
  const addWithKey = (url: string, who: TUser, key: string, body: object, signal?: AbortSignal) =>
    fetch(`${url}/api/StudentInfo/add`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal,
    });
  const rowsNamed = async (url: string, who: TUser, firstName: string) => {
    const res = await apiClient(url, who).get('/StudentInfo/allAsync');
    expect(res.status).toBe(200);
    const rows = res.body as { firstName: string }[];
    return rows.filter((r) => r.firstName === firstName).length;
  };

  it('item 34: killed after the claim, and again after the commit: each retry answers at once, one row', {
    timeout: 300_000,
  }, async () => {
    // 1. Killed right after claiming the key, before anything was answered.
    const first = await start({ TEST_PAUSE_AT: 'idempotency-claimed' });
    const agent = await signIn(first.url, 'crash.agent@idem.test', 'Agent');
    const key = randomUUID();
    const body = studentInfoBody('Crashclaim');
    const abort = new AbortController();
    const inFlight = addWithKey(first.url, agent, key, body, abort.signal).catch(() => null);
    await waitFor(first.server, PAUSED);
    await kill9(first.server);
    abort.abort();
    expect(await inFlight).toBeNull();

    // 2. The retry on a fresh process runs (no 10-second wait, no 409); this process is killed in
    // turn right after its add committed, before it answered.
    const second = await start({ TEST_PAUSE_AT: 'idempotency-committed' });
    const abort2 = new AbortController();
    const started2 = Date.now();
    const retried = addWithKey(second.url, agent, key, body, abort2.signal).then(
      async (res) => ({ status: res.status, body: await res.text() }),
      () => null,
    );
    const answered = await Promise.race([
      retried,
      waitFor(second.server, PAUSED).then(() => 'paused' as const),
    ]);
    expect(answered, 'the retry should run up to its commit').toBe('paused');
    expect(Date.now() - started2).toBeLessThan(9_000);
    await kill9(second.server);
    abort2.abort();

    // 3. A third process answers the same key with the row the second one made: once, 200.
    const third = await start();
    const replay = await addWithKey(third.url, agent, key, body);
    const text = await replay.text();
    expect(replay.status, text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(text)).toMatchObject({ firstName: 'Crashclaim', email: 'crashclaim@mail.test' });
    expect(await rowsNamed(third.url, agent, 'Crashclaim')).toBe(1);
    // And again: the same answer, still one row.
    const again = await addWithKey(third.url, agent, key, body);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
    expect(await rowsNamed(third.url, agent, 'Crashclaim')).toBe(1);
    third.server.child.kill('SIGTERM');
    expect(await third.server.exited).toBe(0);
  });
});
