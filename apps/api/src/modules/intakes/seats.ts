import { SEAT_RELEASED_STATUSES } from '@uniapply/shared';
import { and, count, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStatuses, studentCourses } from '../../db/schema/index.js';

/**
 * The seats each intake's submitted applications take: submitted (confirmed) student courses of
 * the intake whose status does not release the seat (SEAT_RELEASED_STATUSES); a course confirmed before the pipeline existed
 * counts as submitted. Intakes with none are absent. student_courses_intake_idx serves the filter.
 */
export async function takenSeats(db: TDbOrTx, intakeIds: readonly number[]): Promise<Map<number, number>> {
  if (!intakeIds.length) return new Map();
  const rows = await db
    .select({ intakeId: studentCourses.intakeId, taken: count() })
    .from(studentCourses)
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .where(
      and(
        inArray(studentCourses.intakeId, [...intakeIds]),
        isNotNull(studentCourses.submittedAt),
        notInArray(sql`coalesce(${applicationStatuses.status}, 'submitted')`, [...SEAT_RELEASED_STATUSES]),
      ),
    )
    .groupBy(studentCourses.intakeId);
  return new Map(rows.map((r) => [r.intakeId!, Number(r.taken)]));
}
