import {
  APPLICATION_STATUSES,
  calendarDayIn,
  mayMove,
  OPEN_OFFER_STATUSES,
  type TSettings,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import type { TReminderKind } from '../../db/schema/index.js';

// Which reminders are due (issue 21 item 5), each as one INSERT … SELECT into reminders_sent that
// returns the keys it wrote. The key (kind, subject, period) is the record that a reminder went
// out: a key already there (an earlier run, another process that got there first) inserts nothing,
// and a second process inserting the same key waits for the first's transaction and then skips it
// (in one order, so two processes never wait for each other both ways). The oldest periods first: a
// backlog (the first run after deployment) goes out over several runs, the most overdue first.
// A profile an admin manages gets its key recorded but no reminder (send.ts reads the owner's role
// with the details; a role check here would join every profile on every run).

export const DAY = 86_400_000;
/** (a) An unconfirmed application whose last saved step is this old. */
export const IDLE_AFTER_DAYS = 7;
/** (b) A documents request still open after this long (since it was made or last answered). */
export const DOCUMENTS_AFTER_DAYS = 3;
/** (c) The last reminder before an application deadline; the first is `reminderLeadDays` ahead. */
export const DEADLINE_LAST_DAYS = 2;

/** (d) An unanswered offer's reminders: this many days before its answer-by date, then the last. */
export const OFFER_ANSWER_LEAD_DAYS = 7;
export const OFFER_ANSWER_LAST_DAYS = 2;
/** (e) A condition still pending this many days before its intake starts. */
export const CONDITION_LEAD_DAYS = 14;

/**
 * The statuses in which a pending condition still matters: those the system may move to
 * conditionsNotMet when the intake starts (the offer-lapse job), from the one table.
 */
export const CONDITIONS_OPEN_STATUSES = APPLICATION_STATUSES.filter((s) =>
  mayMove('system', s, 'conditionsNotMet'),
);

export type TDueKey = { kind: TReminderKind; subjectId: number; period: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();

async function insertKeys(tx: TDbOrTx, candidates: SQL, now: Date, limit: number): Promise<TDueKey[]> {
  const result = await tx.execute(sql`
    insert into reminders_sent (kind, subject_id, period, sent_at)
    select c.kind, c.subject_id, c.period, ${iso(now)}::timestamptz from (${candidates}) c
    where not exists (select 1 from reminders_sent r
      where r.kind = c.kind and r.subject_id = c.subject_id and r.period = c.period)
    order by c.period, c.subject_id
    limit ${limit}
    on conflict do nothing
    returning kind, subject_id as "subjectId", period`);
  return rowsOf<{ kind: TReminderKind; subjectId: number; period: string | Date }>(result).map((r) => ({
    ...r,
    period: new Date(r.period).toISOString(),
  }));
}

/** (a) Students whose wizard is not confirmed and whose last saved step is IDLE_AFTER_DAYS old. */
export function dueIdle(tx: TDbOrTx, now: Date, limit: number) {
  const cutoff = iso(new Date(now.getTime() - IDLE_AFTER_DAYS * DAY));
  return insertKeys(
    tx,
    sql`select 'idle'::text as kind, s.student_id as subject_id, s.saved_at as period
      from application_stages s
      where s.step < 11 and s.saved_at <= ${cutoff}::timestamptz`,
    now,
    limit,
  );
}

/**
 * (b) Applications waiting for documents whose open requests have had no answer for
 * DOCUMENTS_AFTER_DAYS: the period begins at the latest open request or the latest answer.
 */
export function dueDocuments(tx: TDbOrTx, now: Date, limit: number) {
  const cutoff = iso(new Date(now.getTime() - DOCUMENTS_AFTER_DAYS * DAY));
  return insertKeys(
    tx,
    sql`select 'documents'::text as kind, o.id as subject_id, o.period from (
        select dr.student_course_id as id,
          greatest(max(dr.created_at) filter (where dr.answered_at is null), max(dr.answered_at)) as period
        from document_requests dr
        where dr.student_course_id in (select student_course_id from document_requests where answered_at is null)
        group by dr.student_course_id) o
      join application_statuses st on st.student_course_id = o.id and st.status = 'documentsRequested'
      where o.period <= ${cutoff}::timestamptz`,
    now,
    limit,
  );
}

/**
 * (c) Started, unconfirmed applications of an open intake whose application deadline is near: the
 * lead reminder `reminderLeadDays` ahead, the last one DEADLINE_LAST_DAYS ahead (a run that finds
 * itself inside the last window sends only the last). The period is the deadline, so an intake
 * whose deadline moves reminds again.
 */
export function dueDeadlines(tx: TDbOrTx, now: Date, settings: TSettings, limit: number) {
  const lead = iso(new Date(now.getTime() + settings.reminderLeadDays * DAY));
  const last = iso(new Date(now.getTime() + Math.min(DEADLINE_LAST_DAYS, settings.reminderLeadDays) * DAY));
  return insertKeys(
    tx,
    sql`select case when i.application_deadline <= ${last}::timestamptz then 'deadlineLast' else 'deadlineLead' end
          as kind, sc.id as subject_id, i.application_deadline as period
      from intakes i
      join student_courses sc on sc.intake_id = i.id and sc.submitted_at is null
      where i.open and i.application_deadline > ${iso(now)}::timestamptz
        and i.application_deadline <= ${lead}::timestamptz`,
    now,
    limit,
  );
}

const statusIn = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * (d) Issue 22 item 6: offers still open (an offer status, not answered) whose answer-by date is
 * OFFER_ANSWER_LEAD_DAYS ahead, then OFFER_ANSWER_LAST_DAYS ahead (a run inside the last window
 * sends only the last). The period is the answer-by date: an admin who moves it reminds again.
 */
export function dueOffers(tx: TDbOrTx, now: Date, limit: number) {
  const lead = iso(new Date(now.getTime() + OFFER_ANSWER_LEAD_DAYS * DAY));
  const last = iso(new Date(now.getTime() + OFFER_ANSWER_LAST_DAYS * DAY));
  // offers_open_answer_by_idx (answer_by where answered_at is null) finds them.
  return insertKeys(
    tx,
    sql`select case when o.answer_by <= ${last}::timestamptz then 'offerAnswerLast' else 'offerAnswerLead' end
          as kind, o.student_course_id as subject_id, o.answer_by as period
      from offers o
      join application_statuses st on st.student_course_id = o.student_course_id
      where o.answered_at is null and o.answer_by > ${iso(now)}::timestamptz
        and o.answer_by <= ${lead}::timestamptz
        and st.status in (${statusIn(OPEN_OFFER_STATUSES)})`,
    now,
    limit,
  );
}

/**
 * (e) Issue 22 item 6: applications whose offer has a condition still pending when its intake (the
 * offer's, else the application's) starts within CONDITION_LEAD_DAYS: the start date at 00:00 in
 * Kuala Lumpur, the moment the offer-lapse job moves them to conditionsNotMet. Once per start
 * (the period), whatever the number of conditions.
 */
export function dueConditions(tx: TDbOrTx, now: Date, limit: number) {
  const today = calendarDayIn(now, UNIVERSITY_TIME_ZONE);
  const ahead = calendarDayIn(new Date(now.getTime() + CONDITION_LEAD_DAYS * DAY), UNIVERSITY_TIME_ZONE);
  return insertKeys(
    tx,
    sql`select 'conditionLead'::text as kind, o.student_course_id as subject_id,
          (i.start_date::timestamp at time zone ${UNIVERSITY_TIME_ZONE}) as period
      from offers o
      join application_statuses st on st.student_course_id = o.student_course_id
      join student_courses sc on sc.id = o.student_course_id
      join intakes i on i.id = coalesce(o.intake_id, sc.intake_id)
      where i.start_date > ${today}::date and i.start_date <= ${ahead}::date
        and st.status in (${statusIn(CONDITIONS_OPEN_STATUSES)})
        and exists (select 1 from offer_conditions c where c.offer_id = o.id and c.state = 'pending')`,
    now,
    limit,
  );
}
