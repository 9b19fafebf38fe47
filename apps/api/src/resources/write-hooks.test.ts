import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.js';
import type { Database } from '../db/client.js';
import { courseLevels } from '../db/schema/index.js';
import { AppError, badRequest, conflict } from '../http/errors.js';
import { extendResource, type TWriteVerb } from './define.js';
import { courseLevelResource } from './definitions/course-level.js';
import { addRow, createOrUpdate, deleteRow, updateRow } from './mutations.js';
import { ResourceRegistry } from './registry.js';
import type { TActor } from './scope.js';

// The engine's write hooks (DESIGN 7): modules change or refuse a row inside the write's
// transaction, and act after the commit, never after a rollback.

const admin: TActor = { id: 0, role: 'Admin', name: 'Test Admin' };
let database: Database;
/** What the hooks saw, in order. */
let events: string[];

/** Names the committed rows as a separate reader sees them (outside any transaction). */
const committedNames = async () =>
  (await database.db.select({ name: courseLevels.name }).from(courseLevels).orderBy(courseLevels.id)).map(
    (r) => r.name,
  );

const levels = extendResource(courseLevelResource, {
  hooks: {
    beforeWrite(ctx, row, { id }) {
      events.push(`before ${ctx.verb} ${id ?? 'new'}`);
      if (ctx.verb === 'delete' && id === 1) throw conflict('Level 1 stays.');
      if (row.name === 'Refused') throw badRequest('Refused by a hook.');
      return typeof row.name === 'string' ? { ...row, name: row.name.trim().toUpperCase() } : row;
    },
    async afterWrite(ctx, row, { id }) {
      events.push(`after ${ctx.verb} ${id} ${row.name}`);
      if (row.name === 'ROLLBACK') throw new Error('a later step of the write failed');
    },
    async afterCommit(ctx, row) {
      events.push(`committed ${ctx.verb} ${row.id} seen=${(await committedNames()).join(',')}`);
    },
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  events = [];
});

describe('write hooks', () => {
  it('before-write changes the row inside the transaction; after-commit sees it committed', async () => {
    const row = await addRow(database.db, levels, admin, { name: ' bachelor ' });
    expect(row).toEqual({ id: 1, name: 'BACHELOR' });
    expect(events).toEqual(['before add new', 'after add 1 BACHELOR', 'committed add 1 seen=BACHELOR']);

    events = [];
    await updateRow(database.db, levels, admin, 1, { name: 'undergraduate' });
    expect(events).toEqual([
      'before update 1',
      'after update 1 UNDERGRADUATE',
      'committed update 1 seen=UNDERGRADUATE',
    ]);
  });

  it('before-write refuses a row: nothing is written and after-commit does not run', async () => {
    for (const [verb, write] of [
      ['add', () => addRow(database.db, levels, admin, { name: 'Refused' })],
      ['createOrUpdate', () => createOrUpdate(database.db, levels, admin, { name: 'Refused' }, {})],
      ['update', () => updateRow(database.db, levels, admin, 1, { name: 'Refused' })],
    ] as [TWriteVerb, () => Promise<unknown>][]) {
      events = [];
      const err = await write().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, message: 'Refused by a hook.' });
      expect(events).toEqual([`before ${verb} ${verb === 'update' ? 1 : 'new'}`]);
    }
    expect(await committedNames()).toEqual(['UNDERGRADUATE']);
  });

  it('a write that fails after its hooks ran rolls back, and after-commit does not run', async () => {
    const err = await addRow(database.db, levels, admin, { name: 'rollback' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'a later step of the write failed' });
    expect(events).toEqual(['before add new', 'after add 2 ROLLBACK']);
    expect(await committedNames()).toEqual(['UNDERGRADUATE']);
  });

  it('deletes run the hooks too: a refusal keeps the row, a delete reports after its commit', async () => {
    const refused = await deleteRow(database.db, levels, admin, 1).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, message: 'Level 1 stays.' });
    expect(await committedNames()).toEqual(['UNDERGRADUATE']);

    const id = (await addRow(database.db, levels, admin, { name: 'master' })).id as number;
    events = [];
    await deleteRow(database.db, levels, admin, id);
    expect(events).toEqual([`before delete ${id}`, `committed delete ${id} seen=UNDERGRADUATE`]);
    expect(await database.db.select().from(courseLevels).where(eq(courseLevels.id, id))).toEqual([]);
  });

  it('hooks see the body as sent (server-owned fields too); the engine never writes those', async () => {
    const seen: Record<string, unknown>[] = [];
    const watching = extendResource(courseLevelResource, {
      hooks: {
        beforeWrite(ctx, row) {
          seen.push(ctx.input);
          return row;
        },
      },
    });
    const sent = { name: 'Seen', lastUpdatedDate: '2026-01-01T00:00:00Z', lastUpdatedBy: 'Mallory' };
    const row = await createOrUpdate(database.db, watching, admin, sent, {});
    expect(seen).toEqual([sent]);
    expect(row).toEqual({ id: expect.any(Number), name: 'Seen' });
    await deleteRow(database.db, watching, admin, row.id as number);
    expect(seen.at(-1)).toEqual({ id: row.id });
  });

  it('the shared definition stays without hooks', async () => {
    expect(courseLevelResource.hooks).toEqual([]);
    await addRow(database.db, courseLevelResource, admin, { name: ' doctorate ' });
    expect(await committedNames()).toEqual(['UNDERGRADUATE', ' doctorate ']);
  });
});

describe('resource registry', () => {
  it("extends one app's copy, and refuses extensions once the routes are built", () => {
    const registry = new ResourceRegistry();
    const other = new ResourceRegistry();
    registry.extend('CourseLevel', { hooks: {}, note: 'A note.' });
    expect(registry.get('CourseLevel').notes).toEqual(['A note.']);
    expect(other.get('CourseLevel').notes).toEqual([]);
    registry.seal();
    expect(() => registry.extend('CourseLevel', {})).toThrow(
      'resources: CourseLevel extended after its routes were registered',
    );
  });
});
