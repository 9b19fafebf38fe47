import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { DataDirError, DataDirLockedError, initialisingDir, openDatabase } from '../../src/db/client.js';
import { courseLevels, documentTypes, universities, users } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed/index.js';
import { testDbKind } from '../db.js';
import { startServer } from './server-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe.skipIf(testDbKind() !== 'pglite')('the embedded data directory', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-data-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps the data across a close and a reopen', async () => {
    const dataDir = tempDir();
    const a = await openDatabase({ dataDir });
    await seedIfEmpty(a.db);
    await a.db.insert(courseLevels).values({ name: 'Short Course' });
    await a.close();
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    const b = await openDatabase({ dataDir });
    try {
      const names = (await b.db.select({ name: courseLevels.name }).from(courseLevels)).map((r) => r.name);
      expect(names).toContain('Short Course');
      expect(names).toContain("Bachelor's Degree");
      expect(await seedIfEmpty(b.db)).toMatchObject({ catalogue: false, users: 0 });
    } finally {
      await b.close();
    }
  });

  it('refuses to open a directory that is already open', async () => {
    const dataDir = tempDir();
    const a = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      await a.db.execute(sql`select 1`); // still usable
    } finally {
      await a.close();
    }
  });

  it('refuses a lock held by another live Node process and takes over a dead one', async () => {
    const dataDir = tempDir();
    const lockFile = path.join(dataDir, 'portal.lock');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFile, `${other.pid}\n`);
      const err = await openDatabase({ dataDir }).catch((e) => e);
      expect(err).toBeInstanceOf(DataDirLockedError);
      expect(err.message).toContain(`in use by another portal process (pid ${other.pid})`);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    // Now that pid is gone: the lock is stale.
    const db = await openDatabase({ dataDir });
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
    await db.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});

describe.skipIf(testDbKind() !== 'pglite')('a new embedded data directory', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'uniapply-init-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const emails = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) =>
    (await db.select({ email: users.email }).from(users)).map((u) => u.email).sort();

  it('is made aside, seeded as asked, and renamed into place; later opens use it as it is', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const pgdata = path.join(dataDir, 'pgdata');
    const a = await openDatabase({ dataDir, seed: 'demo' });
    try {
      expect(fs.existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(initialisingDir(pgdata))).toBe(false);
      expect(await emails(a.db)).toEqual(['admin@demo.local', 'agent@demo.local', 'student@demo.local']);
      await a.db.insert(courseLevels).values({ name: 'Short Course' });
    } finally {
      await a.close();
    }
    // An existing directory is opened, never made again (nor seeded: the seed option is for new ones).
    const b = await openDatabase({ dataDir, seed: 'reference' });
    try {
      const names = (await b.db.select({ name: courseLevels.name }).from(courseLevels)).map((r) => r.name);
      expect(names).toContain('Short Course');
      expect(await seedIfEmpty(b.db)).toMatchObject({ catalogue: false, users: 0 });
    } finally {
      await b.close();
    }

    // Without the demo: the reference data only.
    const other = tempDir();
    const c = await openDatabase({ dataDir: other, seed: 'reference' });
    try {
      expect(await c.db.$count(documentTypes)).toBe(4);
      expect(await c.db.$count(universities)).toBe(0);
      expect(await emails(c.db)).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('is made anew after a first start killed half-way, never taken for a database', {
    timeout: 180_000,
  }, async () => {
    const dataDir = tempDir();
    const pgdata = path.join(dataDir, 'pgdata');
    const aside = initialisingDir(pgdata);
    const server = startServer({ DATA_DIR: dataDir });
    try {
      // Killed once initdb's files are being written: PG_VERSION is there, the rest may not be.
      const deadline = Date.now() + 120_000;
      while (!fs.existsSync(path.join(aside, 'PG_VERSION')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      server.child.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    expect(server.output()).not.toContain('Portal ready');
    expect(fs.existsSync(aside)).toBe(true);
    expect(fs.existsSync(pgdata)).toBe(false);

    const database = await openDatabase({ dataDir, seed: 'demo' });
    try {
      expect(fs.existsSync(aside)).toBe(false);
      expect(await emails(database.db)).toEqual([
        'admin@demo.local',
        'agent@demo.local',
        'student@demo.local',
      ]);
      expect(await database.db.$count(universities)).toBeGreaterThanOrEqual(12);
    } finally {
      await database.close();
    }
  });

  it('refuses a pgdata holding files but no database, and makes an empty one', {
    timeout: 120_000,
  }, async () => {
    const dataDir = tempDir();
    const pgdata = path.join(dataDir, 'pgdata');
    fs.mkdirSync(path.join(pgdata, 'base'), { recursive: true });
    fs.writeFileSync(path.join(pgdata, 'postgresql.conf'), '# kept\n');
    const err = await openDatabase({ dataDir }).catch((e) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect(err.message).toContain('holds files but no database');
    expect(fs.readFileSync(path.join(pgdata, 'postgresql.conf'), 'utf8')).toBe('# kept\n');
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    fs.rmSync(pgdata, { recursive: true });
    fs.mkdirSync(pgdata);
    const database = await openDatabase({ dataDir });
    let dump: Blob;
    try {
      expect(fs.existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(true);
      await database.db.insert(courseLevels).values({ name: 'Short Course' });
      dump = await database.dumpDataDir!();
    } finally {
      await database.close();
    }
    // A dump loads only into a new directory, made aside like any other.
    const again = await openDatabase({ dataDir, loadDataDir: dump }).catch((e) => e);
    expect(again).toBeInstanceOf(DataDirError);
    expect(again.message).toContain('already holds a database');
    const restored = await openDatabase({ dataDir: tempDir(), loadDataDir: dump });
    try {
      const names = (await restored.db.select({ name: courseLevels.name }).from(courseLevels)).map(
        (r) => r.name,
      );
      expect(names).toEqual(['Short Course']);
    } finally {
      await restored.close();
    }
  });
});

describe('where the data directory is', () => {
  it('defaults to the repo root, whichever directory the server runs in', () => {
    expect(readConfig({}).dataDir).toBe(path.join(repoRoot, 'data'));
    expect(readConfig({ INIT_CWD: '/somewhere/else' }).dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('reads a relative DATA_DIR from the directory npm was started in', () => {
    expect(readConfig({ DATA_DIR: './portal-data', INIT_CWD: repoRoot }).dataDir).toBe(
      path.join(repoRoot, 'portal-data'),
    );
    expect(readConfig({ DATA_DIR: '/srv/portal' }).dataDir).toBe('/srv/portal');
    expect(readConfig({ DATA_DIR: '/srv/portal' }).filesDir).toBe('/srv/portal/files');
  });
});
