import {
  intakeState,
  isFinalStatus,
  latestSafeDate,
  type TApplicationStatusState,
  type TIntakeAvailability,
  type TIntakeDeferral,
  ZApplicationStatusState,
  ZIntakeAvailability,
  ZIntakeDeferral,
} from '@uniapply/shared';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDbOrTx } from '../../db/client.js';
import { intakes, studentCourses } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { documented, problems } from '../../http/openapi.js';
import { zQueryInt } from '../../resources/hooks.js';
import { actorOf, type TActor } from '../../resources/scope.js';
import { readSettings } from '../../settings/store.js';
import { type ChangeCollector, withChanges } from './events.js';
import { insertHistory, lockStatus, setStatus, stateOf } from './repository.js';
import { intakeTimes, takenSeats } from './seats.js';
import { requireApplication, statusConflict } from './service.js';

// Issue 21: a deferral. An admin moves a live application (not withdrawn, rejected or enrolled) to
// a later intake of the same course: the status stays, the history records the move (from and to
// the same status, the admin's note as its message), and there is no undo (defer again instead).
// The entry names the intakes it moved between (migration 0022); the application row holds the new one.

const iso = (v: string) => new Date(v).toISOString();

/** The application's course and intake, with the intake's start (null: no intake). */
async function courseAndIntake(tx: TDbOrTx, studentCourseId: number) {
  const [row] = await tx
    .select({
      universityCourseId: studentCourses.universityCourseId,
      intakeId: studentCourses.intakeId,
      startDate: intakes.startDate,
    })
    .from(studentCourses)
    .leftJoin(intakes, eq(intakes.id, studentCourses.intakeId))
    .where(eq(studentCourses.id, studentCourseId));
  return row!;
}

/** The intakes of the application's course that start after its own (any, without one). */
export async function laterIntakes(
  tx: TDbOrTx,
  studentCourseId: number,
  now: Date,
  leadWeeks: number,
): Promise<TIntakeAvailability[]> {
  const current = await courseAndIntake(tx, studentCourseId);
  const rows = await tx
    .select()
    .from(intakes)
    .where(
      and(
        eq(intakes.universityCourseId, current.universityCourseId),
        current.startDate === null ? undefined : gt(intakes.startDate, current.startDate),
        current.intakeId === null ? undefined : ne(intakes.id, current.intakeId),
      ),
    )
    .orderBy(asc(intakes.startDate), asc(intakes.id))
    .limit(50);
  const list: TIntakeAvailability[] = [];
  for (const r of rows) {
    const taken = await takenSeats(tx, r.id);
    const times = intakeTimes(r);
    list.push({
      id: r.id,
      universityCourseId: r.universityCourseId,
      startDate: r.startDate,
      applicationDeadline: times.applicationDeadline,
      lateDeadline: times.lateDeadline,
      acceptanceDeadline: iso(r.acceptanceDeadline),
      state: intakeState(times, now, taken),
      seatsLeft: r.seatCap === null ? null : Math.max(0, r.seatCap - taken),
      latestSafeDate: latestSafeDate(
        { startDate: r.startDate, applicationDeadline: r.applicationDeadline },
        leadWeeks,
      ),
    });
  }
  return list;
}

const notLater = () =>
  new AppError(
    400,
    'Bad Request',
    'The application can only move to a later intake of the same course.',
    undefined,
    'intakeNotLater',
  );

/**
 * Moves the application to a later intake of its course. 404 for a missing application; 409
 * `statusConflict` for a stale version or a final application; 400 `intakeNotLater` for an intake
 * of another course or one not later; 409 `conflict` when the student already has that intake.
 */
export async function deferApplication(
  tx: TDbOrTx,
  changes: ChangeCollector,
  actor: TActor,
  input: TIntakeDeferral,
  now: Date,
): Promise<TApplicationStatusState> {
  const app = await requireApplication(tx, actor, input.studentCourseId);
  const current = await lockStatus(tx, app.studentCourseId);
  if (current.version !== input.version) throw statusConflict('stale', current);
  if (isFinalStatus(current.status)) throw statusConflict('illegal', current);
  const later = await laterIntakes(tx, app.studentCourseId, now, 8);
  const target = later.find((i) => i.id === input.intakeId);
  if (!target) throw notLater();
  const {
    universityCourseId,
    intakeId: fromIntakeId,
    startDate: fromStartDate,
  } = await courseAndIntake(tx, app.studentCourseId);
  const [taken] = await tx
    .select({ id: studentCourses.id })
    .from(studentCourses)
    .where(
      and(
        eq(studentCourses.studentId, app.studentId),
        eq(studentCourses.universityCourseId, universityCourseId),
        eq(studentCourses.intakeId, input.intakeId),
      ),
    );
  if (taken)
    throw new AppError(
      409,
      'Conflict',
      'The student already has an application to that intake.',
      undefined,
      'conflict',
    );
  await tx
    .update(studentCourses)
    .set({ intakeId: input.intakeId })
    .where(eq(studentCourses.id, app.studentCourseId));
  await setStatus(tx, app.studentCourseId, current.status); // a new version: others' views are stale
  const message = input.message?.trim() || null;
  const entry = await insertHistory(tx, {
    studentCourseId: app.studentCourseId,
    fromStatus: current.status,
    toStatus: current.status,
    byUserId: actor.id,
    byName: actor.name,
    message,
    fromIntakeId,
    toIntakeId: input.intakeId,
  });
  // Issue 21, left: the applicant side is told (a stored notification, a mail, a live push).
  await changes.record(tx, {
    kind: 'intakeDeferred',
    ...app,
    historyId: entry.id,
    fromStartDate: fromStartDate ?? null,
    toStartDate: target.startDate,
    message,
    byUserId: actor.id,
    at: entry.at,
  });
  return stateOf(tx, app);
}

const ZStudentCourseQuery = z.object({ studentCourseId: zQueryInt(1) }).required();

/** `GET /ApplicationStatus/laterIntakes` and `POST /ApplicationStatus/defer` (admins). */
export function registerDeferralRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  app.get(
    '/ApplicationStatus/laterIntakes',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_laterIntakes',
        summary: "The later intakes of an application's course (admins, for a deferral)",
        querystring: ZStudentCourseQuery,
        response: { 200: documented(z.array(ZIntakeAvailability)), ...problems(404) },
      },
    },
    async (req) =>
      db.transaction(async (tx) => {
        const found = await requireApplication(tx, actorOf(req.user!), req.query.studentCourseId);
        const { safeSubmitLeadWeeks } = await readSettings(tx);
        return laterIntakes(tx, found.studentCourseId, app.clock.now(), safeSubmitLeadWeeks);
      }),
  );

  app.post(
    '/ApplicationStatus/defer',
    {
      config: { access: ['Admin'] },
      schema: {
        tags: ['ApplicationStatus'],
        operationId: 'ApplicationStatus_defer',
        summary: 'Move a live application to a later intake of the same course (admins)',
        description:
          'The status stays; the history records the move with both intakes; there is no undo. The ' +
          'applicant side is told: a stored notification `intakeDeferred` naming both intakes by their ' +
          'start dates (and the note), a mail, a live push. A stale ' +
          '`version` or a final application is a 409 `statusConflict`; an intake that is not a later ' +
          'one of the same course a 400 `intakeNotLater`.',
        body: ZIntakeDeferral,
        response: { 200: documented(ZApplicationStatusState), ...problems(400, 404, 409) },
      },
    },
    async (req) =>
      withChanges(app, (tx, changes) =>
        deferApplication(tx, changes, actorOf(req.user!), req.body, app.clock.now()),
      ),
  );
}
