import type { TApplicationChange } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { TDbOrTx } from '../../db/client.js';
import { storeChangeNotification, type TStoredNotification } from '../../notify/stored.js';
import { inTransaction } from '../../resources/mutations.js';
import { enqueueChangeMails } from './mails.js';

// Every change of an application (issue 12) goes through two places:
// - `onApplicationChange(tx, change)`: inside the transaction, right after the history row (or the
//   request rows) are written. The durable mail queue enqueues here, and the applicant side's
//   stored notifications are written here (issue 18), so both exist exactly when the change does.
// - `app.events` 'applicationsChanged': after the commit, for live pushes (the notification hub
//   subscribes and sends to `user:<ownerUserId>` and `admins`).

export type { TApplicationChange };

/**
 * Receives every change inside its transaction, after its rows are written: the one place where
 * the mail queue is wired in.
 */
export async function onApplicationChange(
  tx: TDbOrTx,
  change: TApplicationChange,
): Promise<TStoredNotification[]> {
  await enqueueChangeMails(tx, change);
  return storeChangeNotification(tx, change);
}

/** The changes of one transaction, emitted after it commits. */
export class ChangeCollector {
  readonly changes: TApplicationChange[] = [];
  /** The stored notifications the changes wrote (pushed live after the commit). */
  readonly notifications: TStoredNotification[] = [];
  async record(tx: TDbOrTx, change: TApplicationChange) {
    this.notifications.push(...(await onApplicationChange(tx, change)));
    this.changes.push(change);
  }
}

/** Runs `work` in one transaction; the changes it records are emitted once it has committed. */
export async function withChanges<T>(
  app: FastifyInstance,
  work: (tx: TDbOrTx, changes: ChangeCollector) => Promise<T>,
): Promise<T> {
  const changes = new ChangeCollector();
  const result = await inTransaction(app.database.db, 'application', (tx) => work(tx, changes));
  if (changes.changes.length) app.events.announce(app.log, 'applicationsChanged', changes.changes);
  if (changes.notifications.length)
    app.events.announce(app.log, 'userNotificationsCreated', changes.notifications);
  return result;
}
