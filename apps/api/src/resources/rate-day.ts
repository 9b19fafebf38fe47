import { calendarDayIn, RATE_TIME_ZONE } from '@uniapply/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { systemClock, type TClock } from '../clock.js';

// "Today" for the exchange rates (issue 20 item 1): the day in RATE_TIME_ZONE by the app's clock,
// never SQL now() (issue 19 item 4). The converted-price fields are static SQL in a definition, so
// the day enters them as a chunk drizzle evaluates each time it builds a query; the catalogue cache
// keys its answers by the same day (catalogue-cache.ts), so a rate dated today takes effect at
// midnight although no write bumped the version. The clock is the app's (buildApp sets it through
// the catalogue cache); one process runs one app, tests with their own clock included.

let clock: TClock = systemClock;

export function setRateClock(next: TClock): void {
  clock = next;
}

/** Today's date where the rates apply ('2026-11-27'). */
export const rateDay = (): string => calendarDayIn(clock.now(), RATE_TIME_ZONE);

/** `'<today>'::date`, bound as a parameter when the query is built. */
export const rateDaySql: SQLWrapper = { getSQL: (): SQL => sql`cast(${rateDay()} as date)` };
