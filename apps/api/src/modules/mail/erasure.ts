import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, or } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { mailJobs } from '../../db/schema/index.js';

// Issue 18 item 15: deleting a student deletes the mails about them. The rows go in the delete's
// transaction; the outbox's .eml copies (DATA_DIR/outbox, named `<id>.eml` by the transport) after
// the commit, retried a few times on failure, as the stored files of a deleted student are.

/**
 * Deletes every queued or sent mail about the student (each recipient's copy, the agent's too) and
 * those addressed to `userId` (the student's own account, when it goes too); returns their ids.
 */
export async function deleteMailsOf(
  tx: TDbOrTx,
  studentId: number,
  userId: number | null,
): Promise<number[]> {
  const rows = await tx
    .delete(mailJobs)
    .where(
      userId === null
        ? eq(mailJobs.studentId, studentId)
        : or(eq(mailJobs.studentId, studentId), eq(mailJobs.userId, userId)),
    )
    .returning({ id: mailJobs.id });
  return rows.map((r) => r.id);
}

/** Mail ids whose rows still exist (a retry must not remove a file another mail has since written). */
async function stillQueued(db: TDbOrTx, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: mailJobs.id }).from(mailJobs).where(inArray(mailJobs.id, ids));
  return new Set(rows.map((r) => r.id));
}

export type TOutboxRemoval = {
  outboxDir: string;
  db: TDbOrTx;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Delays of the retries after a failed pass (ms). */
  retryDelaysMs?: readonly number[];
};

const RETRY_DELAYS_MS = [1_000, 10_000, 60_000, 600_000] as const;

/**
 * Removes the outbox files of these deleted mails (and any half-written `.tmp` of theirs). A file
 * that cannot be removed is tried again later (in this process); after the last try it is logged.
 * Resolves after the first pass.
 */
export async function removeOutboxFiles(deps: TOutboxRemoval, ids: number[]): Promise<void> {
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pass = async (left: number[], attempt: number): Promise<void> => {
    const failed: number[] = [];
    for (const id of left) {
      const names = [`${id}.eml`, `.${id}.eml.tmp`];
      try {
        for (const name of names) await fsp.rm(path.join(deps.outboxDir, name), { force: true });
      } catch (err) {
        failed.push(id);
        deps.log.warn({ mailId: id, err: (err as Error).message, attempt }, 'outbox file delete failed');
      }
    }
    if (failed.length === 0) return;
    const delay = delays[attempt];
    if (delay === undefined) {
      deps.log.error({ mailIds: failed }, 'outbox files of a deleted student could not be removed');
      return;
    }
    setTimeout(async () => {
      try {
        const kept = await stillQueued(deps.db, failed);
        await pass(
          failed.filter((id) => !kept.has(id)),
          attempt + 1,
        );
      } catch (err) {
        deps.log.error({ err: (err as Error).message }, 'outbox file delete retry failed');
      }
    }, delay).unref();
  };
  await pass(ids, 0);
}
