import { sql } from 'drizzle-orm';
import type { TDb } from '../../src/db/client.js';
import type { JobRunner } from '../../src/jobs/index.js';

export const HOUR = 3600_000;

/** The effects' table: one row per run of a test job, so a second run shows as a second row. */
export const createEffects = (db: TDb) =>
  db.execute(sql`create table if not exists job_effects (
    id integer generated always as identity primary key,
    job_id integer not null, kind text not null, ran_at timestamptz not null, runner text not null)`);

/**
 * The test job kinds, the same in every process: a one-off reminder and an hourly check, each
 * writing one effect row per run (stamped with the runner's clock), and one that always fails.
 */
export function defineTestKinds(runner: JobRunner, db: TDb, name: string) {
  const effect =
    (kind: string) =>
    async ({ now, jobId }: { now: Date; jobId: number }) => {
      await db.execute(
        sql`insert into job_effects (job_id, kind, ran_at, runner) values (${jobId}, ${kind}, ${now}, ${name})`,
      );
    };
  runner.define({ kind: 'test.reminder', run: effect('test.reminder') });
  runner.define({ kind: 'test.hourly', everyMs: HOUR, run: effect('test.hourly') });
  runner.define({
    kind: 'test.broken',
    maxAttempts: 2,
    retryBaseMs: 60_000,
    run: async () => {
      throw new Error('deliberately broken');
    },
  });
}
