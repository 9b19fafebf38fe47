import type { TApplicationChange } from '@uniapply/shared';
import type { FastifyInstance } from 'fastify';
import type { TDbOrTx } from '../../db/client.js';
import { storeChangeNotifications, type TStoredNotification } from '../../notify/stored.js';
import { inTransaction } from '../../resources/mutations.js';
import { enqueueChangeMails } from './mails.js';

// Every change of an application (issue 12) goes through two places:
// - `onApplicationChange(tx, change)`: inside the transaction, right after the history row (or the
//   request rows) are written: the applicant side's stored notifications (issue 18). The durable
//   mail queue enqueues once the transaction's work is done, still inside it (withChanges), so
//   the mails exist exactly when the changes do, one per recipient and event (issue 20 item 6).
// - `app.events` 'applicationsChanged': after the commit, for live pushes (the notification hub
//   subscribes and sends to `user:<ownerUserId>` and `admins`).

export type { TApplicationChange };

/** Receives every change inside its transaction, after its rows are written. */
export async function onApplicationChange(
  tx: TDbOrTx,
  change: TApplicationChange,
): Promise<TStoredNotification[]> {
  return storeChangeNotifications(tx, [change]);
}

/** The changes of one transaction, emitted after it commits. */
export class ChangeCollector {
  readonly changes: TApplicationChange[] = [];
  /** The stored notifications the changes wrote (pushed live after the commit). */
  readonly notifications: TStoredNotification[] = [];
  async record(tx: TDbOrTx, change: TApplicationChange) {
    await this.recordAll(tx, [change]);
  }
  /** Many changes at once (a batch of the offer-lapse job): their notifications in one insert. */
  async recordAll(tx: TDbOrTx, changes: readonly TApplicationChange[]) {
    this.notifications.push(...(await storeChangeNotifications(tx, changes)));
    this.changes.push(...changes);
  }
}

/** Runs `work` in one transaction; the changes it records are emitted once it has committed. */
export async function withChanges<T>(
  app: FastifyInstance,
  work: (tx: TDbOrTx, changes: ChangeCollector) => Promise<T>,
): Promise<T> {
  const changes = new ChangeCollector();
  const result = await inTransaction(app.database.db, 'application', async (tx) => {
    const done = await work(tx, changes);
    // The mails of the whole change, still inside its transaction: one per recipient and event.
    await enqueueChangeMails(tx, changes.changes);
    return done;
  });
  if (changes.changes.length) app.events.announce(app.log, 'applicationsChanged', changes.changes);
  if (changes.notifications.length)
    app.events.announce(app.log, 'userNotificationsCreated', changes.notifications);
  return result;
}
