import { APPLICATION_STATUSES, PASSPORT_WHEREABOUTS, USER_NOTIFICATION_KINDS } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { documentTypes, intakes } from './catalogue.js';
import { files } from './files.js';
import { users } from './people.js';
import { studentCourses } from './students.js';

// The status pipeline of issue 12: one status per submitted student course ("an application"),
// its history, and the documents an admin requests.

const statusList = sql.raw(APPLICATION_STATUSES.map((s) => `'${s}'`).join(', '));
const courseRef = () =>
  integer()
    .notNull()
    .references(() => studentCourses.id, { onDelete: 'cascade' });
const at = () => timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow();

/** The current status; `version` rises with every change (the client sends the one it saw). */
export const applicationStatuses = pgTable(
  'application_statuses',
  {
    studentCourseId: courseRef().primaryKey(),
    status: text().notNull(),
    version: integer().notNull().default(0),
    updatedAt: at(),
    /** Issue 22 item 5: where the passport is after acceptance; admins set it, applicants see it. */
    passportWhereabouts: text().notNull().default('withApplicant'),
  },
  // Lists filter and count by status, and the admin overview sorts by how long it has waited.
  (t) => [
    index('application_statuses_status_idx').on(t.status, t.updatedAt),
    check('application_statuses_status_ck', sql`${t.status} in (${statusList})`),
    check(
      'application_statuses_passport_ck',
      sql.raw(
        `"application_statuses"."passport_whereabouts" in (${PASSPORT_WHEREABOUTS.map((w) => `'${w}'`).join(', ')})`,
      ),
    ),
  ],
);

/**
 * Every change. `byUserId` null: the system (confirm, every request answered), or a deleted
 * account (`byName` keeps who it was). `undoes` points to the entry an undo reverses; `undoneAt`
 * marks an entry that was reversed.
 */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentCourseId: courseRef(),
    fromStatus: text(),
    toStatus: text().notNull(),
    byUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    byName: text(),
    at: at(),
    message: text(),
    internal: boolean().notNull().default(false),
    undoes: integer().references((): AnyPgColumn => applicationStatusHistory.id, { onDelete: 'set null' }),
    undoneAt: timestamp({ withTimezone: true, mode: 'string' }),
    /** A deferral (issue 21, migration 0022): the intakes it moved between; null on other entries. */
    fromIntakeId: integer().references(() => intakes.id, { onDelete: 'set null' }),
    toIntakeId: integer().references(() => intakes.id, { onDelete: 'set null' }),
    /** The admins changed the open offer's terms without a move (migration 0024); same status both sides. */
    offerTerms: boolean().notNull().default(false),
  },
  (t) => [
    index('application_status_history_course_idx').on(t.studentCourseId, t.id),
    index('application_status_history_from_intake_idx')
      .on(t.fromIntakeId)
      .where(sql`${t.fromIntakeId} is not null`),
    index('application_status_history_to_intake_idx')
      .on(t.toIntakeId)
      .where(sql`${t.toIntakeId} is not null`),
    check('application_status_history_to_ck', sql`${t.toStatus} in (${statusList})`),
  ],
);

/**
 * What an admin asked for: a document type or free text. The answer is a new file of its own
 * (never one of the wizard's documents); `fileId` set means answered.
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentCourseId: courseRef(),
    /** The move to documentsRequested that asked for it (undoing that move drops it unanswered). */
    historyId: integer().references(() => applicationStatusHistory.id, { onDelete: 'set null' }),
    documentTypeId: integer().references(() => documentTypes.id, { onDelete: 'restrict' }),
    text: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at(),
    fileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('document_requests_course_idx').on(t.studentCourseId),
    // The sweep's reference test looks requests up by file.
    index('document_requests_file_idx').on(t.fileId),
    // The documents reminder: the open requests.
    index('document_requests_open_idx').on(t.studentCourseId).where(sql`${t.answeredAt} is null`),
    check('document_requests_what_ck', sql`(${t.documentTypeId} is null) <> (${t.text} is null)`),
  ],
);

/**
 * Issue 18: what a student or an agent is told about their applications, stored per account and
 * written in the change's transaction (the live push is a copy of the row). `studentCourseId`
 * names the application (deleting the student deletes these with it); `payload` holds what the
 * message needs (`from`, `to`, the applicant's message; never an internal note).
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentCourseId: integer().references(() => studentCourses.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: at(),
    readAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('user_notifications_user_idx').on(t.userId, t.id),
    index('user_notifications_course_idx').on(t.studentCourseId),
    check(
      'user_notifications_kind_ck',
      sql.raw(`"user_notifications"."kind" in (${USER_NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);
