import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { studentInfos, users } from '../../db/schema/index.js';
import type { TResourceHooks, TWriteContext } from '../../resources/define.js';
import { deleteMailsOf, removeOutboxFiles } from '../mail/index.js';

// Issue 18 item 15: an admin's delete of a student deletes their personal data in the delete's
// transaction: the profile and its records (cascades), the notifications about its applications
// (user_notifications and the admins' notifications cascade with the student's courses), the
// mails about them (mail_jobs), and the account when it is the student's own (never an agent's
// or an admin's). After the commit the outbox's .eml copies go, with retries, and the account's
// open sockets are closed. A student deleting their own (unsubmitted) profile keeps the account.

type TPending = { mailIds: number[]; accountId: number | null };

export function studentErasure(app: FastifyInstance): TResourceHooks {
  const pending = new WeakMap<TWriteContext, TPending>();
  return {
    async beforeWrite(ctx, row, { tx, id }) {
      if (ctx.verb !== 'delete' || id === undefined) return row;
      const [owner] = await tx
        .select({ id: users.id, role: users.role })
        .from(studentInfos)
        .innerJoin(users, eq(users.id, studentInfos.userId))
        .where(eq(studentInfos.id, id));
      const accountId =
        ctx.actor.role === 'Admin' && owner?.role === 'Student' && owner.id !== ctx.actor.id
          ? owner.id
          : null;
      // Before the row goes: its delete sets mail_jobs.student_id null.
      const mailIds = await deleteMailsOf(tx, id, accountId);
      pending.set(ctx, { mailIds, accountId });
      return row;
    },
    async afterDelete(ctx, { tx }) {
      const accountId = pending.get(ctx)?.accountId;
      // Its sessions, drafts, idempotency keys and notifications cascade with it.
      if (accountId) await tx.delete(users).where(eq(users.id, accountId));
    },
    async afterCommit(ctx) {
      const done = pending.get(ctx);
      if (!done) return;
      if (done.accountId) app.events.announce(app.log, 'userSessionsEnded', done.accountId, 'deleted');
      if (done.mailIds.length)
        await removeOutboxFiles(
          { outboxDir: app.config.mail.outboxDir, db: app.database.db, log: app.log },
          done.mailIds,
        );
    },
  };
}
