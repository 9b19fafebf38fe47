import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './people.js';

/**
 * The durable job table (DESIGN 7 "Background work"; apps/api/src/jobs/runner.ts): every piece of
 * background work is a row of a `kind` due at `runAt`. A runner claims due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (`lockedUntil`), so two processes never run one job at
 * once. A recurring job (`everyMs`) stays 'pending' and moves its `runAt` on after each run; a
 * one-off job ends 'done' (or 'failed' after `maxAttempts`). `uniqueKey` makes scheduling
 * idempotent: scheduling a kind and key that is already there changes nothing.
 * Times are the app's clock's (apps/api/src/clock.ts), never the database's.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    uniqueKey: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().notNull().default('pending'),
    runAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** A recurring job's interval; null for a one-off job. */
    everyMs: integer(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    attempts: smallint().notNull().default(0),
    maxAttempts: smallint().notNull().default(5),
    /** An error code or message without personal data (SECURITY 33). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('jobs_kind_unique_key_uq').on(t.kind, t.uniqueKey),
    index('jobs_due_idx').on(t.status, t.runAt),
    check('jobs_status_ck', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * The operational settings an admin changes at /Admin/Settings (packages/shared settings.ts holds
 * their schema and defaults): one row per changed key; a key without a row has its default.
 */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
});

/** What a reminder is about (issue 21 item 5); docs/decisions.md "Reminders: once per idle period". */
export const REMINDER_KINDS = [
  'idle',
  'documents',
  'deadlineLead',
  'deadlineLast',
  // Issue 22 item 6 (migration 0021): an offer's answer-by date 7 and 2 days ahead, a pending
  // condition 14 days before the intake starts.
  'offerAnswerLead',
  'offerAnswerLast',
  'conditionLead',
] as const;
export type TReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * Every reminder sent: one row per kind, subject (the student for 'idle', the application for the
 * others) and idle period (the instant it began: the last saved step, the documents request or its
 * latest answer, the deadline). The key makes a reminder go out once: the job inserts the key in
 * the transaction that writes the notification and the mails, and a second insert of it (a second
 * run, another process) waits for the first and then inserts nothing.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    kind: text().notNull(),
    subjectId: integer().notNull(),
    period: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    sentAt: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId, t.period] }),
    index('reminders_sent_sent_at_idx').on(t.sentAt),
    check(
      'reminders_sent_kind_ck',
      sql.raw(`"reminders_sent"."kind" in (${REMINDER_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);
