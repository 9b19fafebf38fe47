import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people.js';
import { studentInfos } from './students.js';

/**
 * The durable mail queue (DESIGN 7 "Background work"): one row per recipient, inserted in the
 * transaction of the change it reports, sent by the worker loop (modules/mail/worker.ts). The mail
 * is rendered when sent, from `kind`, `language` and `params`; `subject` is stored for the admin list.
 * `lastError` holds an error code only (never an SMTP reply, which may quote the address).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    studentId: integer().references(() => studentInfos.id, { onDelete: 'set null' }),
    /** The recipient's account; null for a profile's own email (an agent-created profile). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** 'student' (own account), 'profile' (a profile without an account), 'agent' (the owner's copy). */
    audience: text().notNull(),
    recipient: text().notNull(),
    language: text().notNull(),
    subject: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    lastError: text(),
    /** Outbox mode: the .eml file's name under DATA_DIR/outbox. */
    outboxFile: text(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_jobs_created_idx').on(t.createdAt),
    check('mail_jobs_status_ck', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('mail_jobs_language_ck', sql`${t.language} in ('uz', 'en', 'ru')`),
    check('mail_jobs_audience_ck', sql`${t.audience} in ('student', 'profile', 'agent')`),
  ],
);
