import {
  isChoosable,
  isFinalStatus,
  type TApplicationStatus,
  type TCourseChoice,
  type TErrorCode,
  type TIntakeState,
} from '@uniapply/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { applicationStatuses, intakes, studentCourses, universityCourses } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../http/errors.js';
import { lockedIntakeState } from '../application-status/seats.js';

// The application rules of intakes (issue 21 item 2): an application is one course and one intake.
// The course step's save checks the choices (the intake belongs to its course, a course with
// intakes needs one, one intake per course, another intake only once the earlier application is
// final); the confirm checks each chosen intake's deadlines and seat cap at the app clock's now,
// with the intake row locked so concurrent confirms cannot pass the cap.

const choiceProblem = (
  status: 400 | 409,
  code: TErrorCode,
  message: string,
  index: number,
  c: TCourseChoice,
) =>
  new AppError(status, status === 400 ? 'Bad Request' : 'Conflict', message, undefined, code, {
    index,
    universityCourseId: c.universityCourseId,
    intakeId: c.intakeId,
  });

/**
 * The courses of these ids that exist, those that have intakes, and each of their intakes' course:
 * one read (a course left-joined to its intakes). A missing course is a 400 naming the first choice of it.
 */
async function coursesAndIntakes(tx: TDbOrTx, choices: TCourseChoice[], courseIds: number[]) {
  const rows = await tx
    .select({ courseId: universityCourses.id, intakeId: intakes.id })
    .from(universityCourses)
    .leftJoin(intakes, eq(intakes.universityCourseId, universityCourses.id))
    .where(inArray(universityCourses.id, courseIds));
  const known = new Set(rows.map((r) => r.courseId));
  const missing = choices.findIndex((c) => !known.has(c.universityCourseId));
  if (missing >= 0) {
    throw badRequest(`University course ${choices[missing]!.universityCourseId} does not exist.`, [
      { path: `body.${missing}`, message: 'validation.notFound' },
    ]);
  }
  const withIntake = rows.flatMap((r) =>
    r.intakeId === null ? [] : [{ id: r.intakeId, course: r.courseId }],
  );
  return {
    withIntakes: new Set(withIntake.map((r) => r.course)),
    courseOf: new Map(withIntake.map((r) => [r.id, r.course])),
  };
}

/**
 * The selection as (course, intake) pairs, one per course, after the save's rules: every course
 * exists (400 `validation`); a bare id is a course without intakes (else 400 `intakeRequired`); an
 * intake belongs to its course (400 `intakeNotOfCourse`); one intake per course (400 `intakeTwice`);
 * a submitted application to another intake of the course must be final first (409 `applicationLive`).
 * With them, the student's unsubmitted selections (the rows the save replaces), read at once.
 */
export async function checkChoices(
  tx: TDbOrTx,
  studentId: number,
  choices: TCourseChoice[],
): Promise<{
  wanted: TCourseChoice[];
  unsubmitted: { id: number; universityCourseId: number; intakeId: number | null }[];
}> {
  const courseIds = [...new Set(choices.map((c) => c.universityCourseId))];
  const { withIntakes, courseOf } = await coursesAndIntakes(tx, choices, courseIds);
  const perCourse = new Map<number, { intakeId: number | null; index: number }>();
  choices.forEach((c, index) => {
    if (c.intakeId === null && withIntakes.has(c.universityCourseId))
      throw choiceProblem(400, 'intakeRequired', 'This course admits in intakes: choose one.', index, c);
    if (c.intakeId !== null && courseOf.get(c.intakeId) !== c.universityCourseId)
      throw choiceProblem(400, 'intakeNotOfCourse', 'The intake is not one of this course.', index, c);
    const seen = perCourse.get(c.universityCourseId);
    if (seen && seen.intakeId !== c.intakeId)
      throw choiceProblem(400, 'intakeTwice', 'Choose one intake of each course.', index, c);
    perCourse.set(c.universityCourseId, { intakeId: c.intakeId, index });
  });
  const selected = await selectionOf(tx, studentId);
  const chosenCourses = new Set(courseIds);
  for (const row of selected.filter(
    (r) => r.submittedAt !== null && chosenCourses.has(r.universityCourseId),
  )) {
    const chosen = perCourse.get(row.universityCourseId)!;
    if (chosen.intakeId !== row.intakeId && !isFinalStatus(row.status)) {
      const c = { universityCourseId: row.universityCourseId, intakeId: chosen.intakeId };
      const text = 'An application to another intake of this course is still live.';
      throw choiceProblem(409, 'applicationLive', text, chosen.index, c);
    }
  }
  return {
    wanted: [...perCourse].map(([universityCourseId, { intakeId }]) => ({ universityCourseId, intakeId })),
    unsubmitted: selected.filter((r) => r.submittedAt === null),
  };
}

/**
 * The student's selection, submitted or not (one read: the submitted ones with their pipeline
 * status for the rules above, the unsubmitted ones for the save to replace).
 */
async function selectionOf(tx: TDbOrTx, studentId: number) {
  return tx
    .select({
      id: studentCourses.id,
      universityCourseId: studentCourses.universityCourseId,
      intakeId: studentCourses.intakeId,
      submittedAt: studentCourses.submittedAt,
      status: sql<TApplicationStatus>`coalesce(${applicationStatuses.status}, 'submitted')`,
    })
    .from(studentCourses)
    .leftJoin(applicationStatuses, eq(applicationStatuses.studentCourseId, studentCourses.id))
    .where(eq(studentCourses.studentId, studentId));
}

const REFUSAL: Record<Exclude<TIntakeState, 'open' | 'late'>, [TErrorCode, string]> = {
  closed: ['intakeClosed', 'The intake is closed for applications.'],
  past: ['intakePast', "The intake's application deadline has passed."],
  full: ['intakeFull', 'The intake has no seats left.'],
};

/**
 * A course chosen without an intake (through the generic `StudentCourse` routes, or before the
 * course had intakes) that has intakes now: the confirm asks for one (409 `intakeRequired`).
 */
async function requireIntakesChosen(tx: TDbOrTx, studentId: number) {
  const [row] = await tx
    .select({ universityCourseId: studentCourses.universityCourseId })
    .from(studentCourses)
    .innerJoin(intakes, eq(intakes.universityCourseId, studentCourses.universityCourseId))
    .where(
      and(
        eq(studentCourses.studentId, studentId),
        isNull(studentCourses.submittedAt),
        isNull(studentCourses.intakeId),
      ),
    )
    .limit(1);
  if (row) {
    const text = 'This course admits in intakes: choose one.';
    throw new AppError(409, 'Conflict', text, undefined, 'intakeRequired', {
      universityCourseId: row.universityCourseId,
      intakeId: null,
    });
  }
}

/**
 * Confirm's check, inside its transaction: a course with intakes has one chosen; each intake of the student's courses about to be
 * submitted must be choosable at `now` (409 `intakeClosed`, `intakePast`, `intakeFull`). The
 * intake rows are locked in id order, so concurrent confirms into one intake count one after the
 * other and never pass its cap.
 */
export async function checkIntakesAtConfirm(tx: TDbOrTx, studentId: number, now: Date) {
  await requireIntakesChosen(tx, studentId);
  const chosen = await tx
    .selectDistinct({
      intakeId: studentCourses.intakeId,
      universityCourseId: studentCourses.universityCourseId,
    })
    .from(studentCourses)
    .where(
      and(
        eq(studentCourses.studentId, studentId),
        isNull(studentCourses.submittedAt),
        isNotNull(studentCourses.intakeId),
      ),
    )
    .orderBy(asc(studentCourses.intakeId));
  for (const { intakeId, universityCourseId } of chosen) {
    const found = await lockedIntakeState(tx, intakeId!, now);
    if (!found || isChoosable(found.state)) continue;
    const [code, message] = REFUSAL[found.state as keyof typeof REFUSAL];
    throw new AppError(409, 'Conflict', message, undefined, code, {
      universityCourseId,
      intakeId,
      state: found.state,
    });
  }
}
