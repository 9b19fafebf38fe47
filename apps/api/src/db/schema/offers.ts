import { LANGUAGES, OFFER_CONDITION_KINDS, OFFER_CONDITION_STATES, OFFER_TYPES } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { intakes } from './catalogue.js';
import { files } from './files.js';
import { users } from './people.js';
import { studentCourses } from './students.js';

// Offers (issue 22, migration 0021): one offer per application beside its status, created or
// updated by the admin's move to an offer; its conditions; the letter's templates per language.

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
const instant = () => timestamp({ withTimezone: true, mode: 'string' });
const userRef = () => integer().references(() => users.id, { onDelete: 'set null' });

/**
 * The offer of one application (unique). `answerBy`: the instant the applicant must answer by;
 * `answeredAt` set: accepted or declined (the status says which); `conditionsMetAt`: every
 * condition met; `letterFileId`: the letter of the current terms (a file of the application).
 */
export const offers = pgTable(
  'offers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    studentCourseId: integer()
      .notNull()
      .unique()
      .references(() => studentCourses.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    intakeId: integer().references(() => intakes.id, { onDelete: 'set null' }),
    fees: text(),
    answerBy: instant().notNull(),
    letterFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    createdBy: userRef(),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
    conditionsMetAt: instant(),
    answeredAt: instant(),
  },
  (t) => [
    // The lapse job and the answer reminders: the unanswered offers by their date.
    index('offers_open_answer_by_idx').on(t.answerBy).where(sql`${t.answeredAt} is null`),
    index('offers_intake_idx').on(t.intakeId),
    // The file sweep's reference test looks offers up by their letter.
    index('offers_letter_file_idx').on(t.letterFileId),
    check('offers_type_ck', inList('"offers"."type"', OFFER_TYPES)),
  ],
);

/** A condition of a conditional offer, in the admin's order; decided by admins. */
export const offerConditions = pgTable(
  'offer_conditions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    offerId: integer()
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    kind: text().notNull(),
    text: text(),
    state: text().notNull().default('pending'),
    evidenceFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    evidenceAt: instant(),
    decidedBy: userRef(),
    decidedAt: instant(),
  },
  (t) => [
    index('offer_conditions_offer_idx').on(t.offerId, t.position),
    index('offer_conditions_evidence_file_idx').on(t.evidenceFileId),
    // The conditions-not-met job and the condition reminders: the pending ones.
    index('offer_conditions_pending_idx').on(t.offerId).where(sql`${t.state} = 'pending'`),
    check('offer_conditions_kind_ck', inList('"offer_conditions"."kind"', OFFER_CONDITION_KINDS)),
    check('offer_conditions_state_ck', inList('"offer_conditions"."state"', OFFER_CONDITION_STATES)),
  ],
);

/** The offer letter's template per language, as admins edit it (absent: the built-in default). */
export const offerLetterTemplates = pgTable(
  'offer_letter_templates',
  {
    language: text().primaryKey(),
    body: text().notNull(),
    updatedBy: userRef(),
    updatedAt: instant().notNull().defaultNow(),
  },
  () => [
    check('offer_letter_templates_language_ck', inList('"offer_letter_templates"."language"', LANGUAGES)),
  ],
);
