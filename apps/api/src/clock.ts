import fs from 'node:fs';
/**
 * The app's one clock (issue 19 item 4): jobs and deadline checks take `now` from it, passed on as
 * a parameter, never from SQL `now()` or a `new Date()` of their own. The server uses the system's
 * time; tests pass their own clock to buildApp and move it (apps/api/test/clock.ts).
 */
export type TClock = { now(): Date };

export const systemClock: TClock = { now: () => new Date() };

/**
 * Tests only (TEST_CLOCK_FILE, refused in production): while `file` exists and holds an instant,
 * the clock reads that instant plus the time since the file was written; otherwise the system's
 * time. A browser test writes the file to move a built server past a deadline.
 */
export function fileClock(file: string): TClock {
  let seen: { mtimeMs: number; at: number | null } | undefined;
  return {
    now() {
      let stat: fs.Stats;
      try {
        stat = fs.statSync(file);
      } catch {
        return new Date();
      }
      if (seen?.mtimeMs !== stat.mtimeMs) {
        const at = Date.parse(fs.readFileSync(file, 'utf8').trim());
        seen = { mtimeMs: stat.mtimeMs, at: Number.isNaN(at) ? null : at };
      }
      return seen.at === null ? new Date() : new Date(seen.at + Math.max(0, Date.now() - seen.mtimeMs));
    },
  };
}
