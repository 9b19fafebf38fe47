import { instantOfWallClock, UNIVERSITY_TIME_ZONE } from '@uniapply/shared';

// The demo intakes (issue 21): every offer but the doctoral ones (research starts any time; they
// stay without intakes, applied to as before) admits in February, July and September 2027. The
// application deadline is 23:59 in Kuala Lumpur ten weeks before the start, offers are answered by
// 23:59 three weeks before it, and February takes late applications for two more weeks. One
// intake is capped, so the demo shows seats left.

const TERMS = [
  { startDate: '2027-02-22', lateWeeks: 2 },
  { startDate: '2027-07-05', lateWeeks: 0 },
  { startDate: '2027-09-20', lateWeeks: 0 },
] as const;
const DEADLINE_WEEKS = 10;
const ACCEPTANCE_WEEKS = 3;

/** The capped one: this offer's September intake. */
export const DEMO_CAPPED_INTAKE = {
  university: 'APU',
  course: 'Bachelor of Software Engineering (Honours)',
  startDate: '2027-09-20',
  seatCap: 30,
} as const;

export type TSeedOffer = { id: number; university: string; course: string };

/** 23:59 in Kuala Lumpur, `weeks` before the calendar date `day`, as a UTC instant. */
function endOfDayBefore(day: string, weeks: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - weeks * 7);
  const instant = instantOfWallClock(`${at.toISOString().slice(0, 10)}T23:59`, UNIVERSITY_TIME_ZONE);
  if (!instant) throw new Error(`seed: no instant for ${day}`);
  return instant;
}

/** The intakes of the seeded offers (`university` is the seed's key, `course` the full name). */
export function demoIntakes(offers: TSeedOffer[]) {
  const capped = DEMO_CAPPED_INTAKE;
  return offers
    .filter((o) => !o.course.startsWith('Doctor of Philosophy'))
    .flatMap((offer) =>
      TERMS.map(({ startDate, lateWeeks }) => {
        const isCapped =
          offer.university === capped.university &&
          offer.course === capped.course &&
          startDate === capped.startDate;
        return {
          universityCourseId: offer.id,
          startDate,
          applicationDeadline: endOfDayBefore(startDate, DEADLINE_WEEKS),
          lateDeadline: lateWeeks ? endOfDayBefore(startDate, DEADLINE_WEEKS - lateWeeks) : null,
          acceptanceDeadline: endOfDayBefore(startDate, ACCEPTANCE_WEEKS),
          seatCap: isCapped ? capped.seatCap : null,
          open: true,
        };
      }),
    );
}
