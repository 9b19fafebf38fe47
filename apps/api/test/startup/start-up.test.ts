import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { universities, users } from '../../src/db/schema/index.js';
import { testDbKind } from '../db.js';
import { type ServerProcess, startServer, waitUntilReady } from './server-process.js';

// Real processes on the embedded database: run once, in the PGlite project.
describe.skipIf(testDbKind() !== 'pglite')('start-up of the real server', () => {
  let dataDir = '';
  let lockFile = '';
  const started: ServerProcess[] = [];
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-start-'));
    lockFile = path.join(dataDir, 'portal.lock');
  });
  const start = (env: Record<string, string> = {}) => {
    const s = startServer({ DATA_DIR: dataDir, ...env });
    started.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves, refuses a second process on the same data, survives a kill -9 and releases the lock on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const first = start();
    const port = await waitUntilReady(first);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    const t0 = Date.now();
    const second = start();
    expect(await second.exited).toBe(1);
    // It stops before opening the database (about a second on an idle machine; generous for a busy CI).
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another portal process`);
    expect(second.output()).not.toContain('Portal ready');
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // A killed process cannot clean up: its lock file stays and the next start takes it over.
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(fs.existsSync(lockFile)).toBe(true);
    const third = start();
    const port3 = await waitUntilReady(third);
    expect((await fetch(`http://127.0.0.1:${port3}/api/ready`)).status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    // The data outlived both processes, seeded exactly once.
    const database = await openDatabase({ dataDir });
    try {
      const demo = await database.db.select({ email: users.email }).from(users);
      expect(demo.map((u) => u.email).sort()).toEqual([
        'admin@demo.local',
        'agent@demo.local',
        'student@demo.local',
      ]);
      const unis = await database.db.select({ name: universities.name }).from(universities);
      expect(unis.length).toBeGreaterThanOrEqual(12);
      expect(new Set(unis.map((u) => u.name)).size).toBe(unis.length);
    } finally {
      await database.close();
    }
  });

  it('stops at once on a bad environment value, naming the variable', { timeout: 30_000 }, async () => {
    const bad = start({ PORT: 'abc' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Invalid configuration:\s+PORT: /);
    expect(bad.output()).not.toContain('Portal ready');
  });
});
