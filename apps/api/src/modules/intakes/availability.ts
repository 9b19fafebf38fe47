import {
  calendarDayIn,
  intakeState,
  latestSafeDate,
  MAX_INTAKES_PER_COURSE,
  seatsLeft,
  type TIntakeAvailability,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { intakes } from '../../db/schema/index.js';
import { readSettings } from '../../settings/store.js';
import { takenSeats } from './seats.js';

/** Postgres text of a timestamptz as the API's ISO instant ('2027-03-01T15:59:00.000Z'). */
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The availability of the courses' intakes at `now` (issue 21 item 3): each intake not started yet
 * (start date after today in Malaysia), the next first, at most MAX_INTAKES_PER_COURSE per
 * course, with its state, seats left and the latest safe date to submit. Computed on every call,
 * outside the cached catalogue lists: it moves with the clock and with every confirm.
 */
export async function intakeAvailability(
  db: TDbOrTx,
  universityCourseIds: readonly number[],
  now: Date,
): Promise<TIntakeAvailability[]> {
  const today = calendarDayIn(now, UNIVERSITY_TIME_ZONE);
  // intakes_course_start_idx (university_course_id, start_date) serves the filter and the order.
  const rows = await db
    .select()
    .from(intakes)
    .where(and(inArray(intakes.universityCourseId, [...universityCourseIds]), gt(intakes.startDate, today)))
    .orderBy(asc(intakes.universityCourseId), asc(intakes.startDate), asc(intakes.id));
  const perCourse = new Map<number, number>();
  const listed = rows.filter((r) => {
    const n = (perCourse.get(r.universityCourseId) ?? 0) + 1;
    perCourse.set(r.universityCourseId, n);
    return n <= MAX_INTAKES_PER_COURSE;
  });
  if (!listed.length) return [];
  const [taken, settings] = await Promise.all([
    takenSeats(
      db,
      listed.map((r) => r.id),
    ),
    readSettings(db),
  ]);
  return listed.map((r) => {
    const intake = {
      ...r,
      applicationDeadline: iso(r.applicationDeadline)!,
      lateDeadline: iso(r.lateDeadline),
      acceptanceDeadline: iso(r.acceptanceDeadline)!,
    };
    const count = taken.get(r.id) ?? 0;
    return {
      id: r.id,
      universityCourseId: r.universityCourseId,
      startDate: r.startDate,
      applicationDeadline: intake.applicationDeadline,
      lateDeadline: intake.lateDeadline,
      acceptanceDeadline: intake.acceptanceDeadline,
      state: intakeState(intake, now, count),
      seatsLeft: seatsLeft(r, count),
      latestSafeDate: latestSafeDate(intake, settings.safeSubmitLeadWeeks),
    };
  });
}
