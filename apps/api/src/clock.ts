/**
 * The app's one clock (issue 19 item 4): jobs and deadline checks take `now` from it, passed on as
 * a parameter, never from SQL `now()` or a `new Date()` of their own. The server uses the system's
 * time; tests pass their own clock to buildApp and move it (apps/api/test/clock.ts).
 */
export type TClock = { now(): Date };

export const systemClock: TClock = { now: () => new Date() };
