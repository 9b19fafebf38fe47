import { ZUserAccount, ZUserIdBody } from '@uniapply/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { endUserSessions } from '../../http/session-store.js';
import { defineResource } from '../../resources/define.js';

/**
 * The accounts an admin sees on the Users screen (SECURITY 19). Listed through the resource
 * engine's paging and filter (scope admin), but not a resource base: there is no add, update or
 * delete of accounts, and the role is never editable. `search` is name and email in one text, so
 * one CONTAINS finds either.
 */
export const userAccounts = defineResource({
  base: 'User',
  label: 'user',
  table: users,
  scope: 'admin',
  input: ZUserIdBody,
  output: ZUserAccount,
  select: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
    createdAt: users.createdAt,
    lastSignInAt: users.lastSignInAt,
    disabledAt: users.disabledAt,
  },
  fields: {
    search: {
      expr: sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`,
      type: 'text',
    },
  },
});

export const cannotDisableSelf = () =>
  new AppError(400, 'Bad Request', 'You cannot disable your own account.', undefined, 'cannotDisableSelf');

/**
 * Disables the account and ends all its sessions in one transaction. Returns false when there is
 * no such account; an account that is already disabled stays as it is (true).
 */
export async function disableAccount(db: TDbOrTx, id: number, by: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!row) return false;
    await tx
      .update(users)
      .set({ disabledAt: new Date(), disabledBy: by })
      .where(and(eq(users.id, id), isNull(users.disabledAt)));
    await endUserSessions(tx, id);
    return true;
  });
}

/** Enables the account again (it signs in afresh); false when there is no such account. */
export async function enableAccount(db: TDbOrTx, id: number): Promise<boolean> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!exists) return false;
  await db
    .update(users)
    .set({ disabledAt: null, disabledBy: null })
    .where(and(eq(users.id, id), isNotNull(users.disabledAt)));
  return true;
}

/** The row as the list shows it, timestamps as ISO text. */
export function accountOut(row: Record<string, unknown>) {
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
  return {
    ...row,
    createdAt: iso(row.createdAt),
    lastSignInAt: iso(row.lastSignInAt),
    disabledAt: iso(row.disabledAt),
  };
}

export async function getAccount(db: TDbOrTx, id: number) {
  const [row] = await db
    .select(userAccounts.select as never)
    .from(users)
    .where(eq(users.id, id));
  return row ? accountOut(row as Record<string, unknown>) : undefined;
}
