import type { TRole } from '@uniapply/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client.js';
import { studentInfos } from '../db/schema/index.js';
import type { TSessionUser } from '../http/session-store.js';
import type { TResource } from './define.js';

// Row scoping and role rules of DESIGN 5. The scope is ANDed outside the client's filter, so no
// OR group can widen it, and a row of another owner behaves exactly like a missing one.

export type TActor = { id: number; role: TRole; name: string };

/** lastUpdatedBy is the signed-in user's name, or their email when they have none. */
export function actorOf(user: TSessionUser): TActor {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return { id: user.id, role: user.role, name: name || user.email };
}

/** The student profiles an actor manages, as a subquery (admins: undefined, meaning all). */
export function ownedStudentIds(actor: TActor): SQL | undefined {
  if (actor.role === 'Admin') return undefined;
  return sql`(select ${studentInfos.id} from ${studentInfos} where ${studentInfos.userId} = ${actor.id})`;
}

/**
 * The condition limiting `resource` to the actor's rows (and to the resource's own `where`);
 * undefined when they see everything.
 */
export function rowScope(resource: TResource, actor: TActor): SQL | undefined {
  return and(resource.where, ownerScope(resource, actor));
}

/**
 * Whether the actor sees only their own rows of `resource` (an agent's students, a student's own
 * profile): few rows, which a per-row filter tests faster than an index finds its matches among
 * every owner's (filter.ts `perRow`).
 */
export function ownerScoped(resource: TResource, actor: TActor): boolean {
  return ownerScope(resource, actor) !== undefined;
}

function ownerScope(resource: TResource, actor: TActor): SQL | undefined {
  if (actor.role === 'Admin') return undefined;
  switch (resource.scope) {
    case 'catalogue':
      return undefined;
    case 'owner':
      return eq(resource.columns.userId!, actor.id);
    case 'child':
      return sql`${resource.columns.studentId!} in ${ownedStudentIds(actor)}`;
    case 'admin':
      return sql`false`;
  }
}

/** Whether the student profile exists and the actor manages it. */
export async function ownsStudent(db: TDbOrTx, actor: TActor, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: studentInfos.id })
    .from(studentInfos)
    .where(
      and(
        eq(studentInfos.id, studentId),
        actor.role === 'Admin' ? undefined : eq(studentInfos.userId, actor.id),
      ),
    )
    .limit(1);
  return row !== undefined;
}
