import { EventEmitter } from 'node:events';
import type { TApplicationStatus } from '@uniapply/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TDbOrTx } from '../../db/client.js';
import { inTransaction } from '../../resources/mutations.js';
import { enqueueChangeMails } from './mails.js';

// Every change of an application (issue 12) goes through two places:
// - `onApplicationChange(tx, change)`: inside the transaction, right after the history row (or the
//   request rows) are written. The durable mail queue enqueues here, so a mail exists exactly when
//   the change does.
// - `app.applicationEvents`: after the commit, for live pushes (the notification hub subscribes
//   with `app.applicationEvents.onChange(listener)` and sends to `user:<ownerUserId>` and `admins`).

type TBase = {
  studentCourseId: number;
  studentId: number;
  /** The account that manages the profile (the student, or the owning agent). */
  ownerUserId: number;
  /** Who made the change; null: the system. */
  byUserId: number | null;
  at: string;
};

export type TApplicationChange =
  | (TBase & {
      kind: 'statusChanged';
      historyId: number;
      from: TApplicationStatus | null;
      to: TApplicationStatus;
      /** The message for the applicant: null when there is none or when the note is internal. */
      message: string | null;
      /** An internal note: for admins only (never for the applicant's room or mail). */
      internalNote: string | null;
      /** The history entry this change reverses (an undo). */
      undoes: number | null;
    })
  | (TBase & { kind: 'documentsRequested'; requestIds: number[] })
  | (TBase & { kind: 'requestAnswered'; requestId: number; openRequests: number });

/**
 * Receives every change inside its transaction, after its rows are written: the one place where
 * the mail queue is wired in.
 */
export async function onApplicationChange(tx: TDbOrTx, change: TApplicationChange): Promise<void> {
  await enqueueChangeMails(tx, change);
}

/** The changes of one transaction, emitted after it commits. */
export class ChangeCollector {
  readonly changes: TApplicationChange[] = [];
  async record(tx: TDbOrTx, change: TApplicationChange) {
    await onApplicationChange(tx, change);
    this.changes.push(change);
  }
}

/** After-commit events of applications; a listener's failure never fails the request. */
export class ApplicationEvents {
  readonly #emitter = new EventEmitter();
  constructor(private readonly log?: Pick<FastifyBaseLogger, 'error'>) {}

  onChange(listener: (change: TApplicationChange) => void): () => void {
    this.#emitter.on('change', listener);
    return () => this.#emitter.off('change', listener);
  }

  emit(changes: readonly TApplicationChange[]) {
    for (const change of changes) {
      try {
        this.#emitter.emit('change', change);
      } catch (err) {
        this.log?.error(
          { err: (err as Error).message, kind: change.kind },
          'application event listener failed',
        );
      }
    }
  }
}

/** Runs `work` in one transaction; the changes it records are emitted once it has committed. */
export async function withChanges<T>(
  app: FastifyInstance,
  work: (tx: TDbOrTx, changes: ChangeCollector) => Promise<T>,
): Promise<T> {
  const changes = new ChangeCollector();
  const result = await inTransaction(app.database.db, 'application', (tx) => work(tx, changes));
  app.applicationEvents.emit(changes.changes);
  return result;
}
