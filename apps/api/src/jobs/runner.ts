import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TClock } from '../clock.js';
import type { TDb, TDbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/** How many due jobs one claim takes. */
const BATCH = 10;
/** A failed attempt waits `retryBaseMs · 2^(attempts-1)`, at most this long. */
const MAX_RETRY_WAIT_MS = 3600_000;

export type TJobRun = {
  /** The app's clock at the tick that claimed the job: use it, never `new Date()` or SQL now(). */
  now: Date;
  payload: Record<string, unknown>;
  jobId: number;
  /** This attempt's number, from 1. */
  attempt: number;
  /** Aborted when the process shuts down: long work stops at a safe point and leaves the rest. */
  signal: AbortSignal;
};

export type TJobKind = {
  /** e.g. 'mail.send', 'files.sweep': a module's name, a dot, the work. */
  kind: string;
  /**
   * The work. At least once: a process that stops after the work and before the row is marked
   * done leaves the job to run again when its lease ends, so the work must be idempotent (check
   * the state it changes, or key what it writes).
   */
  run(job: TJobRun): Promise<unknown>;
  /** Recurring: the runner keeps one row of this kind, due `everyMs` after its last run. */
  everyMs?: number;
  /** How long a claimed job stays with its process; longer than the work can take. Default 5 min. */
  leaseMs?: number;
  /** One-off jobs: attempts before the job is 'failed' (recurring jobs keep trying). Default 5. */
  maxAttempts?: number;
  /** The first retry's wait, doubling each time (at most an hour). Default 30 s. */
  retryBaseMs?: number;
};

export type TSchedule = {
  kind: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  /** With a key, scheduling the same kind and key again changes nothing (idempotent scheduling). */
  uniqueKey?: string;
  maxAttempts?: number;
};

type TLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

/**
 * The one home of background work (DESIGN 7 "Background work"; docs/decisions.md "One job
 * table"): durable jobs in the `jobs` table, claimed with `FOR UPDATE SKIP LOCKED` and a lease, so
 * that several processes polling one database run each due job once. Modules define their kinds
 * (`define`) while the app is built; `start` (on ready) polls every `pollMs`; tests call
 * `runDue(now)` with the time they chose.
 */
export class JobRunner {
  readonly #kinds = new Map<string, TJobKind>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = false;
  #ensured = false;
  readonly #stopping = new AbortController();

  constructor(
    private readonly db: TDb,
    private readonly clock: TClock,
    private readonly log: TLog,
    private readonly pollMs: number,
  ) {}

  /** Adds a job kind (while the app is built, before `ready`). */
  define(kind: TJobKind) {
    if (this.#kinds.has(kind.kind)) throw new Error(`job kind '${kind.kind}' is defined twice`);
    this.#kinds.set(kind.kind, kind);
  }

  /**
   * Queues a one-off job, in the caller's transaction when given one (a change that rolls back
   * schedules nothing). Returns false when a job of that kind and `uniqueKey` exists already.
   */
  async schedule(db: TDbOrTx, job: TSchedule): Promise<boolean> {
    if (!this.#kinds.has(job.kind)) throw new Error(`job kind '${job.kind}' is not defined`);
    const rows = await db
      .insert(jobs)
      .values({
        kind: job.kind,
        uniqueKey: job.uniqueKey ?? null,
        payload: job.payload ?? {},
        runAt: job.runAt,
        maxAttempts: job.maxAttempts ?? this.#kinds.get(job.kind)!.maxAttempts ?? 5,
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing({ target: [jobs.kind, jobs.uniqueKey] })
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /**
   * Keeps one row per recurring kind (its unique key is the kind), first due one interval from
   * `now`. Idempotent: every process does it at start-up; an existing row keeps its time, unless
   * a shorter interval brings it forward.
   */
  async ensureRecurring(now = this.clock.now()) {
    for (const kind of this.#kinds.values()) {
      if (!kind.everyMs) continue;
      const runAt = new Date(now.getTime() + kind.everyMs);
      await this.db
        .insert(jobs)
        .values({ kind: kind.kind, uniqueKey: kind.kind, runAt, everyMs: kind.everyMs, createdAt: now })
        .onConflictDoUpdate({
          target: [jobs.kind, jobs.uniqueKey],
          set: {
            everyMs: kind.everyMs,
            status: 'pending',
            runAt: sql`least(${jobs.runAt}, ${runAt})`,
          },
        });
    }
    this.#ensured = true;
  }

  /** Polls every `pollMs` (0: never; unref'd, so it never keeps the process alive). */
  start() {
    if (this.pollMs <= 0 || this.#timer || this.#stopped) return;
    const tick = () => {
      if (this.#stopped) return;
      this.#running = (this.#ensured ? Promise.resolve() : this.ensureRecurring())
        .then(() => this.runDue())
        .catch((err: Error) => this.log.error({ err: err.message }, 'job runner: tick failed'))
        .finally(() => {
          this.#running = undefined;
          if (!this.#stopped) {
            this.#timer = setTimeout(tick, this.pollMs);
            this.#timer.unref();
          }
        });
    };
    this.#timer = setTimeout(tick, this.pollMs);
    this.#timer.unref();
  }

  /** Stops polling and waits for the jobs being run (shutdown). Safe to call twice. */
  async stop() {
    this.#stopped = true;
    this.#stopping.abort();
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Runs every job due at `now` (the app's clock by default); the counts of this call. */
  async runDue(now = this.clock.now()): Promise<{ done: number; failed: number; retried: number }> {
    const totals = { done: 0, failed: 0, retried: 0 };
    if (this.#kinds.size === 0) return totals;
    for (;;) {
      const claimed = await this.claim(now);
      for (const job of claimed) totals[await this.runOne(job, now)]++;
      if (claimed.length < BATCH || this.#stopped) return totals;
    }
  }

  private async claim(now: Date) {
    const kinds = [...this.#kinds.keys()];
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          inArray(jobs.kind, kinds),
          sql`${jobs.runAt} <= ${now}`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${now})`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    // One lease per kind: the row's kind decides it, in the same statement as the claim.
    const lease = sql`case ${jobs.kind} ${sql.join(
      kinds.map(
        (k) => sql`when ${k} then ${new Date(now.getTime() + (this.#kinds.get(k)!.leaseMs ?? 5 * 60_000))}`,
      ),
      sql` `,
    )} end`;
    const rows = await this.db
      .update(jobs)
      .set({ lockedUntil: sql`(${lease})::timestamptz`, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning({
        id: jobs.id,
        kind: jobs.kind,
        payload: jobs.payload,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        everyMs: jobs.everyMs,
      });
    return rows.sort((a, b) => a.id - b.id);
  }

  private async runOne(
    job: Awaited<ReturnType<JobRunner['claim']>>[number],
    now: Date,
  ): Promise<'done' | 'failed' | 'retried'> {
    const kind = this.#kinds.get(job.kind)!;
    try {
      await kind.run({
        now,
        payload: job.payload,
        jobId: job.id,
        attempt: job.attempts,
        signal: this.#stopping.signal,
      });
      await this.db
        .update(jobs)
        .set(
          job.everyMs
            ? {
                runAt: new Date(now.getTime() + job.everyMs),
                lockedUntil: null,
                attempts: 0,
                lastError: null,
              }
            : { status: 'done', lockedUntil: null, lastError: null, finishedAt: now },
        )
        .where(eq(jobs.id, job.id));
      return 'done';
    } catch (err) {
      const lastError = ((err as Error).message ?? String(err)).slice(0, 500);
      const wait = Math.min((kind.retryBaseMs ?? 30_000) * 2 ** (job.attempts - 1), MAX_RETRY_WAIT_MS);
      const final = !job.everyMs && job.attempts >= job.maxAttempts;
      await this.db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'pending',
          lockedUntil: null,
          lastError,
          runAt: new Date(now.getTime() + (job.everyMs ? Math.min(wait, job.everyMs) : wait)),
          ...(final ? { finishedAt: now } : {}),
        })
        .where(eq(jobs.id, job.id));
      this.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: lastError },
        final ? 'job failed' : 'job will be retried',
      );
      return final ? 'failed' : 'retried';
    }
  }
}
