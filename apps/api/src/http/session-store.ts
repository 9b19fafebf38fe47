// The server-side session store (DESIGN 5): hashed tokens, idle and absolute expiry. It sits in
// http/ beside the cookie plugin, below the modules that create sessions (auth) and read them.

import { createHash, randomBytes } from 'node:crypto';
import type { TRole } from '@uniapply/shared';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { BatchedReader } from '../db/batched-read.js';
import type { TDbOrTx } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';

export type TSessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: TRole;
  appLanguage: string | null;
};

export type SessionPolicy = { idleMs: number; absoluteMs: number };

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stored key of a session (the token's hash): names it in logs-free places such as socket rooms. */
export const sessionKey = hash;

const sessionColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  appLanguage: users.appLanguage,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

/** A new 256-bit random session token; only its hash is stored. */
export async function createSession(db: TDbOrTx, userId: number, policy: SessionPolicy): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hash(token),
    userId,
    expiresAt: new Date(Date.now() + policy.absoluteMs),
  });
  return token;
}

type TSessionRow = TSessionUser & { lastSeenAt: Date; expiresAt: Date };

/**
 * Session reads batched across requests (db/batched-read.ts): the lookups of the requests that
 * arrive while one is on its way go as one query when it returns. Each is still sent after its
 * request began, so a disabled account's or ended session's next request is refused as before.
 */
export type SessionReader = BatchedReader<string, TSessionRow>;

export function sessionReader(db: TDbOrTx): SessionReader {
  return new BatchedReader(async (hashes) => {
    const rows = await db
      .select({ ...sessionColumns, idHash: sessions.idHash })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A disabled account has no sessions left; the condition also closes the race with a sign-in.
      .where(and(inArray(sessions.idHash, hashes), isNull(users.disabledAt)));
    return new Map(rows.map(({ idHash, ...row }) => [idHash, { ...row, role: row.role as TRole }]));
  });
}

export async function findSessionUser(
  db: TDbOrTx,
  reader: SessionReader,
  token: string,
  policy: SessionPolicy,
): Promise<TSessionUser | null> {
  const now = Date.now();
  const row = await reader.read(hash(token));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + policy.idleMs <= now) {
    await db.delete(sessions).where(eq(sessions.idHash, hash(token)));
    return null;
  }
  // Touch at most once a minute so busy pages do not write on every request.
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, hash(token)));
  }
  const { lastSeenAt: _l, expiresAt: _e, ...user } = row;
  return { ...user, role: user.role as TRole };
}

/**
 * The session's user and when it ends unless used (idle or absolute expiry, whichever is first),
 * WITHOUT touching it: an open socket must not keep an idle session alive. Null when it has ended.
 */
export async function peekSession(
  db: TDbOrTx,
  token: string,
  policy: SessionPolicy,
): Promise<{ user: TSessionUser; key: string; endsAt: number } | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, hash(token)))
    .limit(1);
  if (!row) return null;
  const endsAt = Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + policy.idleMs);
  if (endsAt <= Date.now()) return null;
  const { lastSeenAt: _l, expiresAt: _e, ...user } = row;
  return { user: { ...user, role: user.role as TRole }, key: hash(token), endsAt };
}

export async function deleteSession(db: TDbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hash(token)));
}

export async function purgeExpiredSessions(db: TDbOrTx, policy: SessionPolicy): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - policy.idleMs))));
}

/** Deletes every session of the user (the next request with any of them is a 401) and says so. */
export async function endUserSessions(db: TDbOrTx, userId: number): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.userId });
  return deleted.length;
}
