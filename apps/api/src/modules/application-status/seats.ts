import { intakeState, SEAT_RELEASED_STATUSES } from '@uniapply/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStatuses, intakes, studentCourses } from '../../db/schema/index.js';

// Issue 21: an intake's seats and its state at an instant, shared by the confirm's check (the
// wizard) and the deferral's list of later intakes (the status pipeline).

/** Submitted applications of the intake that hold a seat (not withdrawn, rejected or lapsed). */
export async function takenSeats(tx: TDbOrTx, intakeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(studentCourses)
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .where(
      and(
        eq(studentCourses.intakeId, intakeId),
        isNotNull(studentCourses.submittedAt),
        sql`coalesce(${applicationStatuses.status}, 'submitted') not in ${SEAT_RELEASED_STATUSES}`,
      ),
    );
  return row?.n ?? 0;
}

const isoInstant = (v: string) => new Date(v).toISOString();

/** What `intakeState` reads of an intake row (the database's timestamps as ISO instants). */
export const intakeTimes = (row: typeof intakes.$inferSelect) => ({
  applicationDeadline: isoInstant(row.applicationDeadline),
  lateDeadline: row.lateDeadline === null ? null : isoInstant(row.lateDeadline),
  seatCap: row.seatCap,
  open: row.open,
});

/** One intake's state at `now`, its row locked for this transaction (FOR UPDATE). */
export async function lockedIntakeState(tx: TDbOrTx, intakeId: number, now: Date) {
  const [intake] = await tx.select().from(intakes).where(eq(intakes.id, intakeId)).for('update');
  if (!intake) return undefined;
  return { intake, state: intakeState(intakeTimes(intake), now, await takenSeats(tx, intakeId)) };
}
