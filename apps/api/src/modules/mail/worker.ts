import type { TAppLanguage, TMailKind } from '@uniapply/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type TClock } from '../../clock.js';
import type { TConfig } from '../../config.js';
import type { TDb } from '../../db/client.js';
import { mailJobs } from '../../db/schema/index.js';
import { renderMail, type TAudience, type TMailParams } from './templates.js';
import { errorCode, errorReason, type TMailTransport } from './transport.js';

/** How long a claimed job stays with its worker before another may take it (a crashed worker). */
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

const DASHBOARD: Record<Exclude<TAudience, 'profile'>, { home: string; profile: string }> = {
  student: { home: '/Student/Dashboard', profile: '/Student/Profile' },
  agent: { home: '/Agent/Students', profile: '/Agent/Profile' },
};

type TClaimed = {
  id: number;
  kind: string;
  audience: string;
  recipient: string;
  language: string;
  params: TMailParams;
  attempts: number;
};

/**
 * The mail queue's worker (DESIGN 7 "Background work"), run by the job runner as 'mail.send'
 * every MAIL_POLL_MS (mail_jobs stays the queue of mails, one row per recipient): claims due
 * mails, sends each, marks it sent right after; a failure waits `retryBaseMs · 2^(attempts-1)` (at most an hour) and after
 * `maxAttempts` the job is 'failed' (the admin Outbox lists it). A claim increments `attempts` and
 * leases the row (`lockedUntil`) with `FOR UPDATE SKIP LOCKED`, so two processes on one PostgreSQL
 * never take the same job. Delivery is at least once: a crash between the SMTP reply and marking
 * the row sent resends that mail when the lease runs out.
 */
export class MailWorker {
  constructor(
    private readonly db: TDb,
    private readonly transport: TMailTransport,
    private readonly config: Pick<TConfig, 'publicUrl' | 'mail'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
    private readonly clock: TClock = systemClock,
  ) {}

  /** Closes the transport (shutdown, after the job runner stopped). */
  stop() {
    this.transport.close();
  }

  /**
   * Sends every mail due at `now` (the app's clock by default; tests move it past the backoff).
   * The job runner calls it as the recurring job 'mail.send' (routes.ts); tests call it directly.
   */
  async drain(
    now = this.clock.now(),
    signal?: AbortSignal,
  ): Promise<{ sent: number; failed: number; retried: number }> {
    const totals = { sent: 0, failed: 0, retried: 0 };
    for (;;) {
      const jobs = await this.claim(now);
      for (const job of jobs) {
        const result = await this.sendOne(job, now);
        totals[result]++;
      }
      // Shutting down: the mails still due wait for the next process.
      if (jobs.length < BATCH || signal?.aborted) return totals;
    }
  }

  private async claim(now: Date): Promise<TClaimed[]> {
    const lease = new Date(now.getTime() + LEASE_MS);
    const due = this.db
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(
        and(
          eq(mailJobs.status, 'pending'),
          sql`${mailJobs.nextAttemptAt} <= ${now}`,
          sql`(${mailJobs.lockedUntil} is null or ${mailJobs.lockedUntil} <= ${now})`,
        ),
      )
      .orderBy(mailJobs.nextAttemptAt, mailJobs.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = (await this.db
      .update(mailJobs)
      .set({ lockedUntil: lease, attempts: sql`${mailJobs.attempts} + 1` })
      .where(inArray(mailJobs.id, due))
      .returning({
        id: mailJobs.id,
        kind: mailJobs.kind,
        audience: mailJobs.audience,
        recipient: mailJobs.recipient,
        language: mailJobs.language,
        params: mailJobs.params,
        attempts: mailJobs.attempts,
      })) as TClaimed[];
    // RETURNING follows the update's order, not the subquery's: send the oldest first.
    return claimed.sort((a, b) => a.id - b.id);
  }

  private async sendOne(job: TClaimed, now: Date): Promise<'sent' | 'failed' | 'retried'> {
    const { publicUrl, mail } = this.config;
    const links =
      job.audience === 'profile'
        ? { portal: `${publicUrl}/` }
        : {
            portal: `${publicUrl}${DASHBOARD[job.audience as 'student'].home}`,
            unsubscribe: `${publicUrl}${DASHBOARD[job.audience as 'student'].profile}`,
          };
    try {
      const rendered = renderMail({
        kind: job.kind as TMailKind,
        language: job.language as TAppLanguage,
        audience: job.audience as TAudience,
        params: job.params,
        links,
      });
      const { outboxFile } = await this.transport.send({
        id: job.id,
        to: job.recipient,
        language: job.language,
        ...rendered,
      });
      await this.db
        .update(mailJobs)
        .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, outboxFile })
        .where(eq(mailJobs.id, job.id));
      return 'sent';
    } catch (err) {
      const lastError = errorCode(err);
      const final = job.attempts >= mail.maxAttempts;
      const wait = Math.min(mail.retryBaseMs * 2 ** (job.attempts - 1), 3600_000);
      await this.db
        .update(mailJobs)
        .set({
          status: final ? 'failed' : 'pending',
          lockedUntil: null,
          lastError,
          nextAttemptAt: new Date(now.getTime() + wait),
        })
        .where(eq(mailJobs.id, job.id));
      // Ids, codes and the reason with addresses left out: no address, no subject (SECURITY 33).
      this.log.warn(
        { mailJobId: job.id, attempts: job.attempts, err: lastError, reason: errorReason(err) },
        final ? 'mail failed' : 'mail will be retried',
      );
      return final ? 'failed' : 'retried';
    }
  }
}
