import { and, count, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStatuses, studentCourses } from '../../db/schema/index.js';

/**
 * The statuses whose applications no longer hold a seat (issue 21 item 2). 'lapsed' (an offer not
 * answered in time) is named ahead of the status that would store it.
 */
export const SEAT_FREEING_STATUSES = ['withdrawn', 'rejected', 'lapsed'] as const;

/**
 * The seats each intake's submitted applications take: submitted (confirmed) student courses of
 * the intake whose status does not free the seat; a course confirmed before the pipeline existed
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
        notInArray(sql`coalesce(${applicationStatuses.status}, 'submitted')`, [...SEAT_FREEING_STATUSES]),
      ),
    )
    .groupBy(studentCourses.intakeId);
  return new Map(rows.map((r) => [r.intakeId!, Number(r.taken)]));
}
