import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Names are looked up with CONTAINS (ILIKE '%x%'): trigram GIN indexes keep that fast at scale.

export const documentTypes = pgTable(
  'document_types',
  { id: integer().primaryKey().generatedByDefaultAsIdentity(), name: text().notNull() },
  (t) => [uniqueIndex('document_types_name_uq').on(sql`lower(${t.name})`)],
);

export const courseLevels = pgTable(
  'course_levels',
  { id: integer().primaryKey().generatedByDefaultAsIdentity(), name: text().notNull() },
  (t) => [uniqueIndex('course_levels_name_uq').on(sql`lower(${t.name})`)],
);

export const courseCategories = pgTable(
  'course_categories',
  { id: integer().primaryKey().generatedByDefaultAsIdentity(), name: text().notNull() },
  (t) => [uniqueIndex('course_categories_name_uq').on(sql`lower(${t.name})`)],
);

export const courses = pgTable(
  'courses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text(),
    levelId: integer()
      .notNull()
      .references(() => courseLevels.id, { onDelete: 'restrict' }),
    categoryId: integer()
      .notNull()
      .references(() => courseCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('courses_level_idx').on(t.levelId),
    index('courses_category_idx').on(t.categoryId),
    index('courses_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const universities = pgTable(
  'universities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text(),
    email: text().notNull(),
    phone: text().notNull(),
    fax: text().notNull(),
    address: text().notNull(),
    website: text().notNull(),
    youtube: text(),
    instagram: text(),
    facebook: text(),
    tiktok: text(),
  },
  (t) => [index('universities_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`)],
);

export const universityCourses = pgTable(
  'university_courses',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    universityId: integer()
      .notNull()
      .references(() => universities.id, { onDelete: 'restrict' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    duration: integer().notNull(),
    price: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: smallint().notNull(),
    requiredLanguageId: smallint().notNull().default(-1),
    requiredScore: doublePrecision().notNull().default(0),
    website: text(),
    youtube: text(),
  },
  (t) => [
    index('university_courses_university_idx').on(t.universityId),
    index('university_courses_course_idx').on(t.courseId),
    index('university_courses_price_idx').on(t.price),
    check('university_courses_currency_ck', sql`${t.currency} between 0 and 3`),
    check('university_courses_language_ck', sql`${t.requiredLanguageId} between -1 and 1`),
    check('university_courses_duration_ck', sql`${t.duration} > 0`),
    check('university_courses_price_ck', sql`${t.price} >= 0`),
  ],
);

/**
 * Dated exchange rates (issue 20 item 1): one `from` currency is `rate` of the `to` currency from
 * `date` on. The rate is exact decimal text (numeric, never a float: docs/decisions.md). Prices
 * convert with the latest rate on or before today of the pair or its inverse; the index serves that
 * lookup (resources/definitions/university-course.ts).
 */
/**
 * A university course's intakes (issue 21): a start date, the deadlines as instants (entered in
 * Malaysia's time, packages/shared catalogue/intake.ts), an optional seat cap and open/closed. A
 * catalogue table: its writes bump the catalogue version (0018).
 */
export const intakes = pgTable(
  'intakes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    universityCourseId: integer()
      .notNull()
      .references(() => universityCourses.id, { onDelete: 'restrict' }),
    startDate: date({ mode: 'string' }).notNull(),
    applicationDeadline: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    lateDeadline: timestamp({ withTimezone: true, mode: 'string' }),
    acceptanceDeadline: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
    seatCap: integer(),
    open: boolean().notNull().default(true),
  },
  (t) => [
    index('intakes_course_start_idx').on(t.universityCourseId, t.startDate),
    // The reminders job looks for deadlines a few days ahead.
    index('intakes_deadline_idx').on(t.applicationDeadline),
    check('intakes_late_ck', sql`${t.lateDeadline} is null or ${t.lateDeadline} > ${t.applicationDeadline}`),
    check('intakes_seat_cap_ck', sql`${t.seatCap} is null or ${t.seatCap} > 0`),
  ],
);

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fromCurrency: smallint().notNull(),
    toCurrency: smallint().notNull(),
    rate: numeric({ precision: 22, scale: 10 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    source: text().notNull(),
  },
  (t) => [
    index('exchange_rates_pair_date_idx').on(t.fromCurrency, t.toCurrency, t.date),
    check(
      'exchange_rates_currencies_ck',
      sql`${t.fromCurrency} between 0 and 3 and ${t.toCurrency} between 0 and 3`,
    ),
    check('exchange_rates_pair_ck', sql`${t.fromCurrency} <> ${t.toCurrency}`),
    check('exchange_rates_rate_ck', sql`${t.rate} > 0`),
  ],
);

/**
 * One row: the catalogue's version, a new random value on every statement that writes one of the
 * catalogue tables (a statement trigger from migration 0010, in the writing transaction itself), so
 * it commits and rolls back with the write. The API's catalogue cache is keyed by it
 * (resources/catalogue-cache.ts). A random value rather than a counter: a database restored from
 * a backup can never bring back a version a running process has cached other data under.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint().primaryKey().default(1),
    version: uuid().notNull().defaultRandom(),
  },
  (t) => [check('catalogue_version_one_row_ck', sql`${t.id} = 1`)],
);
