import { z } from 'zod';
import { zDate, zId, zWholeNumber } from '../fields.js';
import { calendarDayIn, DEFAULT_TIME_ZONE } from '../format.js';

// Intakes (issue 21): a university course admits in intakes, each with a start date, an
// application deadline, an optional late deadline, an acceptance deadline (the default answer-by
// date of its offers), an optional seat cap, and open/closed. Deadlines are instants (UTC ISO
// text); admins enter them as Malaysia's wall clock, and every deadline shown names its zone
// (docs/decisions.md "Intakes: deadlines in two zones").

/** Where the universities are: deadlines are entered and always shown in this zone. */
export const UNIVERSITY_TIME_ZONE = 'Asia/Kuala_Lumpur';
/** Where the applicants are: every applicant-facing deadline is also shown in this zone. */
export const APPLICANT_TIME_ZONE = DEFAULT_TIME_ZONE;

/** An instant as ISO text with its offset ('2027-03-01T15:59:00.000Z'); kept as UTC. */
export const zInstant = z.iso
  .datetime({ offset: true, error: 'validation.dateTime' })
  .transform((v) => new Date(v).toISOString())
  .refine((v) => v >= '1900-01-01' && v <= '2101-01-01', 'validation.dateTime');

const ZIntakeFields = z.object({
  universityCourseId: zId,
  /** The first day of study (a calendar date in Malaysia). */
  startDate: zDate,
  applicationDeadline: zInstant,
  /** Late applications are taken until this instant; null: none after the deadline. */
  lateDeadline: zInstant.nullish().transform((v) => v ?? null),
  /** The default answer-by date of this intake's offers. */
  acceptanceDeadline: zInstant,
  /** Seats for submitted applications; null: no cap. */
  seatCap: zWholeNumber()
    .min(1, 'validation.positive')
    .max(100_000, 'validation.tooLarge')
    .nullish()
    .transform((v) => v ?? null),
  open: z.boolean().default(true),
});

type TIntakeShape = z.infer<typeof ZIntakeFields>;
const lateAfterDeadline = (v: Pick<TIntakeShape, 'applicationDeadline' | 'lateDeadline'>) =>
  v.lateDeadline === null || v.lateDeadline > v.applicationDeadline;
const LATE_AFTER = { path: ['lateDeadline'], message: 'validation.lateBeforeDeadline' };

export const ZIntakeInput = ZIntakeFields.refine(lateAfterDeadline, LATE_AFTER);
export const ZIntake = ZIntakeFields.extend({ id: zId }).refine(lateAfterDeadline, LATE_AFTER);
export type TIntakeInput = z.infer<typeof ZIntakeInput>;
export type TIntake = z.infer<typeof ZIntake>;

/**
 * Where an intake stands for a new application at `now`:
 * - `closed`: an admin closed it;
 * - `past`: its last deadline (the late one, else the application deadline) has passed;
 * - `full`: its seat cap is reached by submitted applications that are not withdrawn, rejected or lapsed;
 * - `late`: past the application deadline, before the late one (still accepted);
 * - `open`: before the application deadline.
 */
export const INTAKE_STATES = ['open', 'late', 'full', 'past', 'closed'] as const;
export type TIntakeState = (typeof INTAKE_STATES)[number];

/** The states an applicant may choose and confirm. */
export const isChoosable = (state: TIntakeState) => state === 'open' || state === 'late';

export type TIntakeTimes = Pick<TIntake, 'applicationDeadline' | 'lateDeadline' | 'seatCap' | 'open'>;

/** `taken`: the submitted applications that count against the cap (see above). */
export function intakeState(intake: TIntakeTimes, now: Date, taken: number): TIntakeState {
  if (!intake.open) return 'closed';
  const at = now.toISOString();
  if (at > (intake.lateDeadline ?? intake.applicationDeadline)) return 'past';
  if (intake.seatCap !== null && taken >= intake.seatCap) return 'full';
  return at > intake.applicationDeadline ? 'late' : 'open';
}

/** Seats left, or null when the intake has no cap. */
export const seatsLeft = (intake: Pick<TIntake, 'seatCap'>, taken: number): number | null =>
  intake.seatCap === null ? null : Math.max(0, intake.seatCap - taken);

/**
 * The latest safe date to submit (issue 21 item 3): the day by which an application should be in
 * for an offer and the student pass to be ready by the start, `leadWeeks` before the start date;
 * never later than the application deadline's day in Malaysia. A calendar date ('YYYY-MM-DD').
 */
export function latestSafeDate(
  intake: Pick<TIntake, 'startDate' | 'applicationDeadline'>,
  leadWeeks: number,
): string {
  const start = new Date(`${intake.startDate}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - leadWeeks * 7);
  const byLead = start.toISOString().slice(0, 10);
  const deadlineDay = calendarDayIn(intake.applicationDeadline, UNIVERSITY_TIME_ZONE);
  return byLead < deadlineDay ? byLead : deadlineDay;
}

/**
 * The zones a deadline is shown in, each named on screen: Malaysia's always; Tashkent's for
 * applicants (and their agents); the reader's own zone too when it differs from those.
 */
export function deadlineZones(forApplicant: boolean, readerZone?: string): string[] {
  const zones = forApplicant ? [UNIVERSITY_TIME_ZONE, APPLICANT_TIME_ZONE] : [UNIVERSITY_TIME_ZONE];
  if (readerZone && !zones.includes(readerZone)) zones.push(readerZone);
  return zones;
}

/** The course step's choice (spec 7.3 with issue 21): a course and, when it has intakes, one of them. */
export const ZCourseChoice = z.union([
  zId.transform((universityCourseId) => ({ universityCourseId, intakeId: null as number | null })),
  z.object({
    universityCourseId: zId,
    intakeId: zId.nullish().transform((v) => v ?? null),
  }),
]);
export type TCourseChoice = z.output<typeof ZCourseChoice>;

/** One intake's availability for choosing (computed outside the cached catalogue lists). */
export const ZIntakeAvailability = z.object({
  id: zId,
  universityCourseId: zId,
  startDate: zDate,
  applicationDeadline: z.string(),
  lateDeadline: z.string().nullable(),
  acceptanceDeadline: z.string(),
  state: z.enum(INTAKE_STATES),
  seatsLeft: z.number().int().nullable(),
  /** 'YYYY-MM-DD', see latestSafeDate. */
  latestSafeDate: zDate,
});
export type TIntakeAvailability = z.infer<typeof ZIntakeAvailability>;
