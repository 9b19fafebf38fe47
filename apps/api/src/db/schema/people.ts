import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('notifications_pending_idx').on(t.isNotified, t.id)],
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
