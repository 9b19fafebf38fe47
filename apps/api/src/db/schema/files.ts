import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './people.js';
import { studentInfos } from './students.js';

/**
 * Every stored file (DESIGN 6 "Files"). `id` is the opaque fileId the records hold
 * (student_documents.doc_path, qualifications.cert/transcript_file_name, language cert_file_name);
 * `driverKey` is where the storage driver keeps it and never leaves the server.
 *
 * `studentId` null means "released": the file is to be removed from storage. Deleting a student
 * sets it null (instead of cascading the row away) so the storage objects are still known after
 * the database commit; the sweep deletes them from storage, then the rows, and retries failures.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey(),
    studentId: integer().references(() => studentInfos.id, { onDelete: 'set null' }),
    displayName: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    contentType: text().notNull(),
    driver: text().notNull(),
    driverKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The account that uploaded it: what one account holds unattached is bounded (SECURITY 35). */
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  // The owner check and the per-student reference test use studentId (null: the purge queue);
  // the 24-hour sweep scans by createdAt; the upload quota sums an account's files by uploadedBy.
  (t) => [
    index('files_student_idx').on(t.studentId),
    index('files_created_idx').on(t.createdAt),
    index('files_uploaded_by_idx').on(t.uploadedBy),
  ],
);
