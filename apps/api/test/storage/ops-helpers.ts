import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.js';
import { seedReferenceData } from '../../src/db/seed/index.js';
import { createTestApp, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { UPLOAD_MAX_MB } from '../documents/helpers.js';

// For the operations scripts: a database that outlives an app (PGlite on disk, or a PostgreSQL
// database of our own), apps opened on it one after another, and the scripts run as a user would.

const apiDir = path.resolve(import.meta.dirname, '../..');

export type TPersisted = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR (PGlite's database, the outbox) or DATABASE_URL, as the portal's environment. */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Database>;
  /** Drops the PostgreSQL database and removes the data directory. */
  dispose(): Promise<void>;
};

export async function persistedDatabase(tag: string): Promise<TPersisted> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `uniapply-${tag}-`));
  if (testDbKind() === 'pglite') {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      dataDir,
      open: () => openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `uniapply_${tag.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    dataDir,
    open: () => openDatabase({ url: url.toString(), poolSize: 4 }),
    dispose: async () => {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new, empty PostgreSQL database on the test server (a restore's target); dropped by `drop`. */
export async function emptyPostgres(tag: string) {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `uniapply_${tag}_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(base: string, text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** The API on the persisted database, with its files in `filesDir` (reference data seeded). */
export async function appOn(p: TPersisted, env: Record<string, string>): Promise<TestApp> {
  const database = await p.open();
  const t = await createTestApp({ UPLOAD_MAX_MB, ...p.env, ...env }, { database });
  await seedReferenceData(t.database.db);
  return t;
}

/** Runs `apps/api/scripts/<script>.ts` with the portal's environment; its exit code and output. */
export function runOps(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
