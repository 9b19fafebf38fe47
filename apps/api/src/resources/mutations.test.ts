import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import type { Database } from '../db/client.js';
import { courseCategories, courseLevels, courses } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { mapDbError, pgErrorCode } from './db-errors.js';
import { defineResource } from './define.js';
import { courseLevelResource } from './definitions/course-level.js';
import { deleteRow } from './mutations.js';
import { getRow } from './queries.js';
import type { TActor } from './scope.js';

// The database backstops behind the engine's own checks.

const admin: TActor = { id: 0, role: 'Admin', name: 'Test Admin' };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(courseLevels).values({ name: 'Bachelor' });
  await database.db.insert(courseCategories).values({ name: 'IT' });
  await database.db.insert(courses).values({ name: 'Software', levelId: 1, categoryId: 1 });
});
afterAll(() => database.close());

describe('database errors', () => {
  it('a foreign key the definition does not list still refuses the delete with a 409', async () => {
    const { normalize: _n, ...spec } = courseLevelResource;
    const withoutUsage = defineResource({ ...spec, usedBy: [] });
    const err = await deleteRow(database.db, withoutUsage, admin, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      message: 'This course level is still in use and cannot be deleted.',
    });
    expect(await getRow(database.db, courseLevelResource, admin, 1)).toEqual({ id: 1, name: 'Bachelor' });
  });

  it('finds the SQLSTATE through wrapping errors and maps the ones a client causes', () => {
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('dup'), { code: '23505' }) });
    expect(pgErrorCode(wrapped)).toBe('23505');
    expect(mapDbError(wrapped, 'course level')).toMatchObject({ status: 409 });
    expect(mapDbError(Object.assign(new Error(), { code: '23503' }), 'x')).toMatchObject({ status: 400 });
    const other = new Error('connection lost');
    expect(mapDbError(other, 'x')).toBe(other);
  });
});
