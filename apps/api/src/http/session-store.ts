// The server-side session store (DESIGN 5): hashed tokens, idle and absolute expiry. It sits in
// http/ beside the cookie plugin, below the modules that create sessions (auth) and read them.

import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { TRole } from '@uniapply/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
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

export async function findSessionUser(
  db: TDbOrTx,
  token: string,
  policy: SessionPolicy,
): Promise<TSessionUser | null> {
  const now = Date.now();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      appLanguage: users.appLanguage,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A disabled account has no sessions left; the condition also closes the race with a sign-in.
    .where(and(eq(sessions.idHash, hash(token)), isNull(users.disabledAt)))
    .limit(1);
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

export async function deleteSession(db: TDbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hash(token)));
}

export async function purgeExpiredSessions(db: TDbOrTx, policy: SessionPolicy): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - policy.idleMs))));
}

/** Why every session of a user ended at once. */
export type TSessionsEndedReason = 'disabled';

const sessionsEnded = new EventEmitter();

/**
 * Calls `listener` in this process whenever all of a user's sessions are ended (an admin disabled
 * the account): the notification hub disconnects the user's sockets with it (with the Redis
 * adapter, `io.in(room).disconnectSockets()` reaches the other processes too). Returns `off`.
 */
export function onUserSessionsEnded(
  listener: (userId: number, reason: TSessionsEndedReason) => void,
): () => void {
  sessionsEnded.on('ended', listener);
  return () => sessionsEnded.off('ended', listener);
}

/** Deletes every session of the user (the next request with any of them is a 401) and says so. */
export async function endUserSessions(db: TDbOrTx, userId: number): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.userId });
  return deleted.length;
}

/** Tells the listeners (after the deleting transaction has committed). */
export function announceSessionsEnded(userId: number, reason: TSessionsEndedReason): void {
  sessionsEnded.emit('ended', userId, reason);
}
