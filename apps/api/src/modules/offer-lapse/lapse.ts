import {
  APPLICATION_STATUSES,
  calendarDayIn,
  mayMove,
  type TApplicationStatus,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDbOrTx } from '../../db/client.js';
import { withChanges } from '../application-status/events.js';
import type { TApplicationRef } from '../application-status/repository.js';
import { systemMoves } from '../application-status/service.js';

// The offer-lapse job's work (issue 22 item 4): (a) an offer not answered by its answer-by date
// lapses (offerLapsed); (b) an offer with a condition still pending when its intake starts (the
// start date at 00:00 in Kuala Lumpur) ends in conditionsNotMet. Both are the system's moves of the
// one table (mayMove('system', …)), each with its history row and its change (the applicant's
// stored notification, the mails to the profile and the owning agent, the live push after the
// commit), through the status pipeline's systemMoves: a batch's moves set-based (one status update,
// one history insert, the notifications and mails in bulk; docs/performance.md "Session 9").
//
// Several processes: each batch takes its applications' status rows `FOR UPDATE SKIP LOCKED`, so
// two runs at once take different rows, and a row another run has moved no longer matches (the
// status is re-read under the lock, and systemMoves checks the table and moves a row only at the
// status and version read). A second run finds nothing to do: idempotent. `now` is the app's clock (the job runner's tick).

/** Applications moved per transaction (one transaction: their rows, history, notifications, mails). */
export const LAPSE_BATCH = 50;
/**
 * At most this many moves per run (both kinds, the lapses first): a run stays short (issue 22
 * item 7, at most 2 s; each move writes its status, history, notification and mails), and a
 * backlog (the first run after deployment) goes over the next runs, ten minutes apart, the oldest
 * first. In the steady state a run finds a few offers due, if any.
 */
export const LAPSES_PER_RUN = 250;

/** The statuses the system may lapse (the open offers) and end for conditions not met, from the table. */
const fromStatuses = (to: TApplicationStatus) => APPLICATION_STATUSES.filter((s) => mayMove('system', s, to));
export const LAPSE_FROM = fromStatuses('offerLapsed');
export const NOT_MET_FROM = fromStatuses('conditionsNotMet');

type TDueRow = TApplicationRef & { from: TApplicationStatus; version: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const statusIn = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/** (a) Unanswered offers whose answer-by date has passed, in a status the system may lapse. */
function dueLapses(now: Date, limit: number): SQL {
  // offers_open_answer_by_idx (answer_by where answered_at is null) finds them.
  return sql`select st.student_course_id as "studentCourseId", sc.student_id as "studentId",
      si.user_id as "ownerUserId", st.status as "from", st.version
    from offers o
    join application_statuses st on st.student_course_id = o.student_course_id
    join student_courses sc on sc.id = o.student_course_id
    join student_infos si on si.id = sc.student_id
    where o.answered_at is null and o.answer_by <= ${now.toISOString()}::timestamptz
      and st.status in (${statusIn(LAPSE_FROM)})
    order by o.answer_by, o.student_course_id
    limit ${limit}
    for update of st skip locked`;
}

/**
 * (b) Offers with a condition still pending whose intake (the offer's, else the application's) has
 * started: its start date is today or earlier in Kuala Lumpur.
 */
function dueNotMet(now: Date, limit: number): SQL {
  const today = calendarDayIn(now, UNIVERSITY_TIME_ZONE);
  return sql`select st.student_course_id as "studentCourseId", sc.student_id as "studentId",
      si.user_id as "ownerUserId", st.status as "from", st.version
    from offers o
    join application_statuses st on st.student_course_id = o.student_course_id
    join student_courses sc on sc.id = o.student_course_id
    join student_infos si on si.id = sc.student_id
    join intakes i on i.id = coalesce(o.intake_id, sc.intake_id)
    where i.start_date <= ${today}::date
      and st.status in (${statusIn(NOT_MET_FROM)})
      and exists (select 1 from offer_conditions c where c.offer_id = o.id and c.state = 'pending')
    order by i.start_date, o.student_course_id
    limit ${limit}
    for update of st skip locked`;
}

/** Moves the due applications of one kind, batch by batch; how many it moved. */
async function moveDue(
  app: FastifyInstance,
  due: (limit: number) => SQL,
  to: TApplicationStatus,
  budget: number,
  signal?: AbortSignal,
): Promise<number> {
  let moved = 0;
  while (moved < budget && !signal?.aborted) {
    const limit = Math.min(LAPSE_BATCH, budget - moved);
    const { found, done } = await withChanges(app, async (tx: TDbOrTx, changes) => {
      const rows = rowsOf<TDueRow>(await tx.execute(due(limit)));
      const moves = await systemMoves(
        tx,
        changes,
        rows.map((r) => ({ ...r, version: Number(r.version) })),
        to,
      );
      return { found: rows.length, done: moves.length };
    });
    moved += done;
    if (found < limit) break;
  }
  return moved;
}

/**
 * One run of the offer-lapse job at `now` (the app's clock): the lapses first (an unanswered offer
 * lapses rather than failing its conditions), then conditions not met. Safe to run twice and in
 * several processes at once. Returns how many applications it moved of each kind.
 */
export async function runOfferLapse(
  app: FastifyInstance,
  now: Date,
  { budget = LAPSES_PER_RUN, signal }: { budget?: number; signal?: AbortSignal } = {},
) {
  const lapsed = await moveDue(app, (limit) => dueLapses(now, limit), 'offerLapsed', budget, signal);
  const notMet = await moveDue(
    app,
    (limit) => dueNotMet(now, limit),
    'conditionsNotMet',
    budget - lapsed,
    signal,
  );
  return { lapsed, notMet };
}
