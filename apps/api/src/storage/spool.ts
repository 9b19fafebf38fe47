import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// The upload spool (FILES_DIR/tmp): uploads are written here while they arrive, and leave by a
// rename into storage or a delete. A process killed mid-upload (kill -9, a crash) leaves its part
// behind; several processes may share one spool (one FILES_DIR), so each file's name says whose it
// is: `<host>.<pid>.<uuid>.<kind>`.

/** An upload still in the spool after this long was cut off by a crash (whoever wrote it). */
export const SPOOL_TTL_MS = 3600_000;

const HOST = os.hostname();

/** A new spool file name of this process. */
export const spoolFileName = (kind: string) => `${HOST}.${process.pid}.${randomUUID()}.${kind}`;

const OWNER = /^(.+)\.(\d+)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]+$/;

/** True while a process with this pid runs (on this host). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what no running process is writing: any spool file older than SPOOL_TTL_MS; at start-up
 * (`startUp`) also, at once, this host's files whose process is gone or was an earlier run under
 * our own pid (a restarted container). Another live process's files and other hosts' recent ones
 * are left to their owners. Returns how many were removed.
 */
export async function cleanSpool(spool: string, { now = Date.now(), startUp = false } = {}): Promise<number> {
  let removed = 0;
  const entries = await fsp.readdir(spool).catch(() => [] as string[]);
  for (const name of entries) {
    const p = path.join(spool, name);
    const stat = await fsp.stat(p).catch(() => null);
    if (!stat) continue;
    const owner = OWNER.exec(name);
    const pid = owner ? Number(owner[2]) : 0;
    const orphan = startUp && owner?.[1] === HOST && (pid === process.pid || !isRunning(pid));
    if (orphan || now - stat.mtimeMs > SPOOL_TTL_MS) {
      await fsp.rm(p, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
