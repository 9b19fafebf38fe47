import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.js';
import type { TResourceHooks } from '../../resources/define.js';

// Versions (DESIGN 6, "Drafts and concurrent edits"): a CreateOrUpdate may send the record's
// `lastUpdatedDate` as the version the client loaded; when the stored row is newer the save is a
// 409 `editConflict` naming who changed it. The engine has locked the row (`for update`) before
// the before-write hooks run, so two saves of the same version cannot both pass.

export const editConflict = (by: string) =>
  new AppError(
    409,
    'Conflict',
    `${by || 'Someone'} changed this in the meantime. Reload to see their changes.`,
    undefined,
    'editConflict',
    { by },
  );

export const checkVersion: TResourceHooks = {
  async beforeWrite(ctx, row, { tx, id }) {
    const sent = ctx.input.lastUpdatedDate;
    if (id === undefined || ctx.verb === 'delete' || typeof sent !== 'string') return row;
    const { table, columns } = ctx.resource;
    const [newer] = await tx
      .select({ by: columns.lastUpdatedBy! })
      .from(table)
      .where(and(eq(table.id, id), gt(columns.lastUpdatedDate!, sql`${sent}::timestamptz`)));
    if (newer) throw editConflict(String(newer.by ?? ''));
    return row;
  },
};
