import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documentTypes, intakes, universityCourses } from './catalogue.js';
import { users } from './people.js';

const audit = () => ({
  lastUpdatedBy: text(),
  lastUpdatedDate: timestamp({ withTimezone: true, mode: 'string' }),
});
const studentRef = () =>
  integer()
    .notNull()
    .references(() => studentInfos.id, { onDelete: 'cascade' });

/** A student profile; `userId` is the account that manages it (the student or their agent). */
export const studentInfos = pgTable(
  'student_infos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    passportSeries: text().notNull(),
    passportNumber: text().notNull(),
    gender: smallint().notNull(),
    dateOfBirth: date({ mode: 'string' }).notNull(),
    email: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    postCode: text().notNull(),
    race: text().notNull(),
    phoneNumber: text().notNull(),
    mobileNumber: text(),
    country: smallint().notNull(),
    ...audit(),
  },
  (t) => [
    index('student_infos_user_idx').on(t.userId),
    index('student_infos_first_name_trgm').using('gin', sql`${t.firstName} gin_trgm_ops`),
    check('student_infos_gender_ck', sql`${t.gender} between 0 and 1`),
    check('student_infos_country_ck', sql`${t.country} between 0 and 20`),
  ],
);

/** Guardian and emergency contact share their shape; the guardian adds occupation, email, address. */
function contactTable<TExtra extends Record<string, PgColumnBuilderBase>>(name: string, extra: TExtra) {
  return pgTable(
    name,
    {
      id: integer().primaryKey().generatedByDefaultAsIdentity(),
      studentId: studentRef(),
      firstName: text().notNull(),
      middleName: text(),
      lastName: text().notNull(),
      relationship: smallint().notNull(),
      others: text(),
      phoneNumber: text().notNull(),
      mobileNumber: text(),
      ...extra,
      ...audit(),
    },
    (t) => [
      uniqueIndex(`${name}_student_uq`).on(t.studentId),
      check(`${name}_relationship_ck`, sql`${t.relationship} between 0 and 3`),
    ],
  );
}

export const studentGuardians = contactTable('student_guardians', {
  occupation: text().notNull(),
  email: text().notNull(),
  address: text().notNull(),
});

export const emergencyContacts = contactTable('emergency_contacts', {});

export const qualifications = pgTable(
  'qualifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    qualificationType: smallint().notNull(),
    others: text(),
    yearOfExam: integer().notNull(),
    nameOfExamination: text().notNull(),
    nameOfInstitution: text().notNull(),
    result: text().notNull(),
    certFileName: text(),
    transcriptFileName: text(),
  },
  (t) => [
    index('qualifications_student_idx').on(t.studentId),
    check('qualifications_type_ck', sql`${t.qualificationType} between 0 and 6`),
  ],
);

export const languageQualifications = pgTable(
  'language_qualifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    languageType: smallint().notNull(),
    others: text(),
    result: text().notNull(),
    yearOfExam: integer().notNull(),
    certFileName: text(),
  },
  (t) => [
    index('language_qualifications_student_idx').on(t.studentId),
    check('language_qualifications_type_ck', sql`${t.languageType} between 0 and 3`),
  ],
);

export const experiences = pgTable(
  'experiences',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    company: text().notNull(),
    position: text().notNull(),
    from: date({ mode: 'string' }).notNull(),
    to: date({ mode: 'string' }),
  },
  (t) => [index('experiences_student_idx').on(t.studentId)],
);

/** Step 8's referees (issue 21 item 4): at most MAX_REFEREES per student, checked by the API. */
export const referees = pgTable(
  'referees',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    fullName: text().notNull(),
    relationship: text().notNull(),
    email: text().notNull(),
    institution: text().notNull(),
  },
  (t) => [index('referees_student_idx').on(t.studentId)],
);

export const otherInfos = pgTable(
  'other_infos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    facebook: boolean().notNull().default(false),
    twitter: boolean().notNull().default(false),
    instagram: boolean().notNull().default(false),
    linkedIn: boolean().notNull().default(false),
    tikTok: boolean().notNull().default(false),
    youTube: boolean().notNull().default(false),
    website: boolean().notNull().default(false),
    friends: boolean().notNull().default(false),
    exhibition: boolean().notNull().default(false),
    agentId: integer(),
    others: boolean().notNull().default(false),
    otherInfoDetails: text(),
    /** Step 8's personal statement (PERSONAL_STATEMENT_MAX characters, checked by the schema). */
    personalStatement: text(),
    ...audit(),
  },
  (t) => [uniqueIndex('other_infos_student_uq').on(t.studentId)],
);

export const studentDocuments = pgTable(
  'student_documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    documentTypeId: integer()
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'restrict' }),
    /** Server-generated storage name; never a client path. */
    docPath: text().notNull(),
    /** The uploader's original file name, shown to people and used for downloads. */
    fileName: text(),
  },
  (t) => [uniqueIndex('student_documents_student_type_uq').on(t.studentId, t.documentTypeId)],
);

export const applicationStages = pgTable(
  'application_stages',
  {
    studentId: studentRef().primaryKey(),
    step: smallint().notNull().default(1),
    /** When a step was last saved (issue 21: the idle reminder counts from it). */
    savedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('application_stages_step_ck', sql`${t.step} between 0 and 11`),
    // The idle reminder: unconfirmed applications by their last save.
    index('application_stages_idle_idx').on(t.savedAt).where(sql`${t.step} < 11`),
  ],
);

export const studentCourses = pgTable(
  'student_courses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentId: studentRef(),
    universityCourseId: integer()
      .notNull()
      .references(() => universityCourses.id, { onDelete: 'restrict' }),
    /** The intake applied to (issue 21); null for a course without intakes. */
    intakeId: integer().references(() => intakes.id, { onDelete: 'restrict' }),
    submittedAt: timestamp({ withTimezone: true, mode: 'string' }),
  },
  (t) => [
    // One application per course and intake; null intakes count as equal (NULLS NOT DISTINCT).
    unique('student_courses_student_course_uq')
      .on(t.studentId, t.universityCourseId, t.intakeId)
      .nullsNotDistinct(),
    index('student_courses_intake_idx').on(t.intakeId),
    // The deadline reminder: the unconfirmed applications of an intake.
    index('student_courses_unsubmitted_intake_idx').on(t.intakeId).where(sql`${t.submittedAt} is null`),
    index('student_courses_course_idx').on(t.universityCourseId),
    // The Application Form list: submitted courses only, paged in id order.
    index('student_courses_submitted_idx').on(t.id).where(sql`${t.submittedAt} is not null`),
  ],
);

/**
 * The wizard's unsaved input of one step (DESIGN 6 "Drafts"): any JSON object of at most 64 KB,
 * one per student and step (1 to 10). Saving the step deletes it.
 */
export const applicationDrafts = pgTable(
  'application_drafts',
  {
    studentId: studentRef(),
    step: smallint().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.step] }),
    check('application_drafts_step_ck', sql`${t.step} between 1 and 10`),
  ],
);

/**
 * The personal step's draft of a profile a user is creating (`studentId=0` on /api/Draft): one per
 * user and form (a student's own first profile, an agent's or admin's new student), the form named
 * by its client-made `draftKey` ('' when it names none); the user's most recent few are kept.
 * Creating a profile deletes its form's draft in the same transaction.
 */
export const newProfileDrafts = pgTable(
  'new_profile_drafts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    draftKey: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.draftKey] }),
    check('new_profile_drafts_key_ck', sql`length(${t.draftKey}) <= 64`),
  ],
);
