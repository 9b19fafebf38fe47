import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zStrippedPhone } from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { universities } from '../../src/db/schema/index.js';
import { UNIVERSITIES } from '../../src/db/seed/universities-data.js';
import { createTestApp, signInAs, type TestApp } from '../app.js';
import { client, type TClient, universityBody } from './helpers.js';

// Issue 20 item 4: a university's phone and fax follow the spec's phone pattern once spaces,
// dashes and brackets are stripped; the API saves the stripped number, migration 0017 strips the
// stored rows, and the seed is written stripped.

let t: TestApp;
let admin: TClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAs(t, 'phones.admin@resources.test', 'Admin'));
});
afterAll(() => t?.close());

const here = path.dirname(fileURLToPath(import.meta.url));
const migration = fs.readFileSync(
  path.join(here, '../../src/db/migrations/0017_university_phones.sql'),
  'utf8',
);

describe('university phone and fax', () => {
  it('the API saves the stripped number and refuses one outside the pattern', async () => {
    const res = await admin.post('/University/add', {
      ...universityBody('Phones University'),
      phone: '+60 (3) 1234-5678',
      fax: '+60 3 1234 5679',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+60312345678', fax: '+60312345679' });
    const bad = await admin.post('/University/add', {
      ...universityBody('Local Number'),
      phone: '03-1234 5678',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'body.phone', code: 'phone' }] });
  });

  it('migration 0017 strips a stored "+60 (3) 1234-5678" and leaves a clean number as it is', async () => {
    const { db } = t.database;
    const base = { email: 'm@uni.test', address: 'Kuala Lumpur', website: 'https://uni.test' };
    const [old] = await db
      .insert(universities)
      .values({ ...base, name: 'Old Format', phone: '+60 (3) 1234-5678', fax: '+603-5635 8633' })
      .returning({ id: universities.id });
    const [clean] = await db
      .insert(universities)
      .values({ ...base, name: 'Clean Format', phone: '+60312345670', fax: '+60312345671' })
      .returning({ id: universities.id });
    await db.execute(sql.raw(migration));
    const read = async (id: number) =>
      (
        await db
          .select({ phone: universities.phone, fax: universities.fax })
          .from(universities)
          .where(eq(universities.id, id))
      )[0];
    expect(await read(old!.id)).toEqual({ phone: '+60312345678', fax: '+60356358633' });
    expect(await read(clean!.id)).toEqual({ phone: '+60312345670', fax: '+60312345671' });
  });

  it('the seed is written as the schema saves it', () => {
    for (const u of UNIVERSITIES) {
      expect(zStrippedPhone.parse(u.phone)).toBe(u.phone);
      expect(zStrippedPhone.parse(u.fax)).toBe(u.fax);
    }
  });
});
