import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';

/**
 * The template, read once per worker: a worker runs several files in one module graph (the API
 * projects' `isolate: false`), and PGlite only reads the Blob, so each file's database loads it.
 */
let templateDump: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default; a new PostgreSQL
 * database (dropped afterwards) when the project runs with TEST_DB=postgres.
 */
export async function createTestDatabase(
  options: { logger?: Logger } = {},
): Promise<Database & { url?: string }> {
  const { logger } = options;
  if (process.env.TEST_DB !== 'postgres') {
    // The run's migrated template (test/global-setup.ts) when there is one: the same database, sooner.
    const template = inject('pgliteTemplate');
    if (!template) return openDatabase({ logger });
    templateDump ??= new Blob([fs.readFileSync(template)]);
    return openDatabase({ loadDataDir: templateDump, logger });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `uniapply_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4, logger });
  return {
    ...database,
    /** Another connection pool on the same database (a second API process) opens this URL. */
    url: url.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const testDbKind = () => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');
