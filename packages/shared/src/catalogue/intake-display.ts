import { z } from 'zod';
import { zDate, zId } from '../fields.js';
import { formatDateTime, instantOfWallClock, type TDateValue } from '../format.js';
import {
  APPLICANT_TIME_ZONE,
  deadlineZones,
  type TIntakeAvailability,
  UNIVERSITY_TIME_ZONE,
  ZIntakeAvailability,
} from './intake.js';

// How intakes reach the applicant's screens (issue 21 item 3): the availability call's shapes and
// the one reading of a deadline as lines, each naming its zone, that the web's <Deadline>, the
// application description (review, admin record, PDF) and mails share.

/** `GET /IntakeAvailability?universityCourseIds=1,2,3`: at most a page or two of courses at once. */
export const MAX_AVAILABILITY_COURSES = 50;
/** Intakes listed per course (the next ones by start date). */
export const MAX_INTAKES_PER_COURSE = 6;

export const ZIntakeAvailabilityQuery = z.object({
  universityCourseIds: z
    .string('validation.required')
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, 'validation.invalid')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(z.array(zId).min(1).max(MAX_AVAILABILITY_COURSES, 'validation.tooLarge')),
});

/**
 * The availability of the listed courses' intakes at the app's clock: those not started yet, the
 * next first, per course (at most MAX_INTAKES_PER_COURSE), in course then start order. A course
 * without intakes has none here (it stays open as before issue 21).
 */
export const ZIntakeAvailabilityList = z.object({ result: z.array(ZIntakeAvailability) });
export type TIntakeAvailabilityList = z.infer<typeof ZIntakeAvailabilityList>;

/** The intakes of one course from an availability answer, by course id. */
export function intakesByCourse(list: readonly TIntakeAvailability[]): Map<number, TIntakeAvailability[]> {
  const byCourse = new Map<number, TIntakeAvailability[]>();
  for (const intake of list) {
    const intakes = byCourse.get(intake.universityCourseId) ?? [];
    intakes.push(intake);
    byCourse.set(intake.universityCourseId, intakes);
  }
  return byCourse;
}

/** The next intake that can be chosen (open, or taking late applications), else undefined. */
export const nextChoosable = (intakes: readonly TIntakeAvailability[] | undefined) =>
  intakes?.find((i) => i.state === 'open' || i.state === 'late');

/** The intake an application is for, as its record shows it (review, admin record, PDF). */
export const ZChosenIntake = z.object({
  id: zId,
  startDate: zDate,
  applicationDeadline: z.string(),
  lateDeadline: z.string().nullable(),
});
export type TChosenIntake = z.infer<typeof ZChosenIntake>;

/** Translates `namespace:key` with parameters: the web's `t`, or the server's catalogue reader. */
export type TTranslateWith = (key: string, params?: Record<string, unknown>) => string;

/** The zones with their own name in `common:timeZones`; any other is "your time (zone)". */
const NAMED_ZONES: readonly string[] = [UNIVERSITY_TIME_ZONE, APPLICANT_TIME_ZONE];

/** A zone's name on screen: 'Kuala-Lumpur vaqti', 'Toshkent vaqti', 'sizning vaqtingiz (Europe/Paris)'. */
export const zoneName = (zone: string, t: TTranslateWith) =>
  NAMED_ZONES.includes(zone) ? t(`common:timeZones.${zone}`) : t('common:timeZones.other', { zone });

export type TDeadlineLine = { zone: string; time: string; zoneName: string };

/** An instant as lines, one per zone, each through the one formatter and naming its zone. */
export function zonedLines(
  instant: TDateValue,
  language: string,
  t: TTranslateWith,
  zones: readonly string[],
): TDeadlineLine[] {
  return zones.map((zone) => ({
    zone,
    time: formatDateTime(instant, language, zone),
    zoneName: zoneName(zone, t),
  }));
}

/**
 * A deadline as lines, one per zone of `deadlineZones` (Malaysia's; Tashkent's for applicants and
 * agents; the reader's own when it differs), each through the one formatter and naming its zone.
 */
export function deadlineLines(
  instant: TDateValue,
  language: string,
  t: TTranslateWith,
  { forApplicant = true, readerZone }: { forApplicant?: boolean; readerZone?: string } = {},
): TDeadlineLine[] {
  return zonedLines(instant, language, t, deadlineZones(forApplicant, readerZone));
}

/**
 * The zones an instant typed into a field is read back in (under the native input, which the
 * browser draws in its own locale): the field's zone, then Tashkent's when it is another.
 */
export const entryZones = (zone: string): string[] =>
  zone === APPLICANT_TIME_ZONE ? [zone] : [zone, APPLICANT_TIME_ZONE];

/** A deadline as one text of lines, '1 Jul 2027, 23:59 (Kuala Lumpur time)' (PDF, mails, the description). */
export const deadlineText = (...args: Parameters<typeof deadlineLines>) =>
  deadlineLines(...args)
    .map((l) => `${l.time} (${l.zoneName})`)
    .join('\n');

/**
 * Issue 22: the instant an intake starts, its start date ('YYYY-MM-DD') at 00:00 in Kuala Lumpur
 * (the lapse of pending conditions and their reminder count from it).
 */
export const intakeStartInstant = (startDate: string): string =>
  instantOfWallClock(`${startDate}T00:00`, UNIVERSITY_TIME_ZONE) ?? `${startDate}T00:00:00.000Z`;
