import { systemClock } from '../src/clock.js';
import { setRateClock } from '../src/resources/rate-day.js';

// Before each API test file. A worker runs several files in one module graph (the API project on
// PGlite has `isolate: false`, vitest.config.ts), so module-level state a file changed would reach
// the next one. The only such state the app sets is the exchange rates' clock, which each app's
// catalogue cache points at its own clock (resources/rate-day.ts): back to the system's, as in a
// process of its own, for a file that queries prices without building an app.
setRateClock(systemClock);
