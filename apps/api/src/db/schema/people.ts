import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { studentCourses } from './students.js';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Keyed by issuer + subject, never by email (DESIGN 5).
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    role: text().notNull(),
    appLanguage: text(),
    /** The user's choice to receive status mails (issue 12); unsubscribing sets it false. */
    statusMails: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp({ withTimezone: true }),
    // SECURITY 19: an admin disabled the account; its sessions are gone and sign-in is refused.
    disabledAt: timestamp({ withTimezone: true }),
    disabledBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_uq').on(t.issuer, t.subject),
    index('users_email_idx').on(t.email),
    check('users_role_ck', sql`${t.role} in ('Admin', 'Student', 'Agent')`),
    check('users_language_ck', sql`${t.appLanguage} is null or ${t.appLanguage} in ('uz', 'en', 'ru')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a leaked table does not yield usable sessions.
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * `Idempotency-Key` of `add` calls: the first answer to a user's key, replayed to a retry with
 * the same request; `status` null while the first request is still running. Swept after 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    status: integer(),
    response: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    isNotified: boolean().notNull().default(false),
    notificationData: jsonb()
      .$type<{ fullName: string; universityName: string; courseName: string }>()
      .notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue 18: the application it announces (deleting the student deletes it); null: unknown. */
    studentCourseId: integer().references((): AnyPgColumn => studentCourses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('notifications_pending_idx').on(t.isNotified, t.id),
    index('notifications_course_idx').on(t.studentCourseId),
  ],
);

/**
 * A sign-in started at /api/auth/google-login and not yet finished. The browser holds a random
 * token in a short-lived HttpOnly cookie; only its hash is stored. The row is deleted when the
 * callback uses it (one-time) and is useless after `expiresAt`.
 */
export const signInFlows = pgTable(
  'sign_in_flows',
  {
    idHash: text().primaryKey(),
    provider: text().notNull(),
    state: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    returnUrl: text().notNull(),
    signUpRole: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_flows_expires_idx').on(t.expiresAt),
    check('sign_in_flows_role_ck', sql`${t.signUpRole} in ('Student', 'Agent')`),
  ],
);
