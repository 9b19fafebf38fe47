import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client.js';
import type { StorageDriver } from '../../storage/driver.js';
import { cleanSpool } from '../../storage/spool.js';
import { deleteReleasedRow, findReleased, mayPurge, releaseUnreferenced } from './repository.js';

/** Uploaded files that no record refers to are removed after this long (DESIGN 6). */
export const UNREFERENCED_TTL_MS = 24 * 3600_000;
/** How often the job runner runs the sweep. */
export const SWEEP_INTERVAL_MS = 3600_000;

export type TSweepDeps = {
  db: TDb;
  drivers: Record<string, StorageDriver>;
  spool: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * Removes released files from storage, then their rows. A failed storage delete keeps the row,
 * so the next sweep retries it. `ids`: only these (right after a request released them).
 * Several processes may purge the same rows at once (each runs the sweep): released rows never
 * come back to life, every driver's delete of a missing object succeeds, and the row's delete
 * counts for the process that removed it; so each file is counted once however they meet.
 */
export async function purgeReleased(deps: TSweepDeps, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  let purged = 0;
  for (;;) {
    const rows = await findReleased(deps.db, 100, ids);
    // Asked after the rows were found released: a backup that starts later sees them released
    // too, so it never needs a file deleted here; one already running keeps its files until done.
    if (rows.length && !(await mayPurge(deps.db))) {
      deps.log.warn({ files: rows.length }, 'a backup is running: file deletes wait for the next sweep');
      return purged;
    }
    let progressed = false;
    for (const row of rows) {
      const driver = deps.drivers[row.driver];
      try {
        if (!driver) throw new Error(`no storage driver '${row.driver}'`);
        await driver.delete(row.driverKey);
        if (await deleteReleasedRow(deps.db, row.id)) purged++;
        progressed = true;
      } catch (err) {
        deps.log.error(
          { fileId: row.id, err: (err as Error).message },
          'file delete failed; retried at the next sweep',
        );
      }
    }
    if (rows.length < 100 || !progressed) return purged;
  }
}

/**
 * The periodic sweep (the job 'files.sweep', routes.ts): unreferenced files older than
 * `unreferencedMs` (the setting unattachedUploadHours; 24 hours by default), released files, stale
 * spool entries. `now`: the app's clock.
 */
export async function sweepFiles(deps: TSweepDeps, now = new Date(), unreferencedMs = UNREFERENCED_TTL_MS) {
  const released = await releaseUnreferenced(deps.db, new Date(now.getTime() - unreferencedMs));
  const purged = await purgeReleased(deps);
  const spoolRemoved = await cleanSpool(deps.spool, { now: now.getTime() });
  return { released, purged, spoolRemoved };
}
