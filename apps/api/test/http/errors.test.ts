import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { registerErrorHandler } from '../../src/http/errors.js';
import { createTestDatabase } from '../db.js';

// Issue 8 item 4: PostgreSQL's own data and integrity errors are the safety net behind the shared
// schemas. Real errors from the real database (PGlite and PostgreSQL), wrapped by drizzle, must
// come out as 400/409 problems with a code, never as a 500.

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`create table t_unique (id integer primary key, n integer not null check (n >= 0))`);
  app = Fastify();
  registerErrorHandler(app);
  app.get('/year-zero', async () => db.execute(sql`select ${'0000-01-01'}::date as d`));
  app.get('/overflow', async () => db.execute(sql`select ${'99999999999'}::integer as n`));
  app.get('/bad-text', async () => db.execute(sql`select ${'abc'}::integer as n`));
  app.get('/duplicate', async () => {
    await db.execute(sql`insert into t_unique (id, n) values (1, 1) on conflict do nothing`);
    return db.execute(sql`insert into t_unique (id, n) values (1, 1)`);
  });
  app.get('/not-null', async () => db.execute(sql`insert into t_unique (id, n) values (2, null)`));
  app.get('/check', async () => db.execute(sql`insert into t_unique (id, n) values (3, -1)`));
  app.get('/syntax', async () => db.execute(sql`selec 1`));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('SECURITY 32: PostgreSQL errors mapped by the central handler', () => {
  it.each([
    ['/year-zero', 400, 'invalidValue'],
    ['/overflow', 400, 'invalidValue'],
    ['/bad-text', 400, 'invalidValue'],
    ['/not-null', 400, 'invalidValue'],
    ['/check', 400, 'invalidValue'],
    ['/duplicate', 409, 'conflict'],
    ['/syntax', 500, 'internal'],
  ])('%s is a %i %s problem without SQL', async (url, status, code) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json() as { code: string; message: string };
    expect(body.code).toBe(code);
    expect(res.body).not.toMatch(/select|insert|t_unique|selec/i);
  });
});
