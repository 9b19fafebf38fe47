import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.js';
import { DataDirLockedError, openDatabase } from '../../src/db/client.js';
import { courseLevels } from '../../src/db/schema/index.js';
import { seedIfEmpty } from '../../src/db/seed/index.js';
import { testDbKind } from '../db.js';

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
