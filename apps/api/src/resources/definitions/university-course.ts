import { CURRENCIES, ZUniversityCourse, ZUniversityCourseInput } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import {
  courseCategories,
  courseLevels,
  courses,
  exchangeRates,
  intakes,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field, type TField, type TJoin } from '../define.js';
import { rateDaySql } from '../rate-day.js';

/**
 * From a university course to its university, course, level and category; `after` hangs the first
 * two behind another join (a student's selection reaches them through its university course).
 */
export function universityCourseJoins(after?: string): Record<string, TJoin> {
  const behind = after === undefined ? {} : { after };
  return {
    university: { table: universities, via: universityCourses.universityId, ...behind },
    course: { table: courses, via: universityCourses.courseId, ...behind },
    'course.level': { table: courseLevels, via: courses.levelId, after: 'course' },
    'course.category': { table: courseCategories, via: courses.categoryId, after: 'course' },
  };
}

/**
 * The price in the currency `target` (an index of CURRENCIES), as the course screens show it (issue
 * 20 item 1): the latest rate on or before today of the pair or its inverse (of one day, the kept
 * direction first, then the later entered), the product or quotient rounded half away from zero to
 * cents; null when no rate links the two. The same choice and rounding as the shared convertPrice,
 * so a card's converted amount is what the range compares. Evaluated per row: each is one probe of
 * exchange_rates_pair_date_idx (the rates table stays small), and the catalogue cache keeps the
 * answers; the filter goes in the cache key with its field (priceIn.<code>), and the day too.
 */
function priceIn(target: number): TField {
  const uc = universityCourses;
  const r = exchangeRates;
  const expr = sql`(case when ${uc.currency} = ${target} then ${uc.price} else (
    select case when ${r.fromCurrency} = ${uc.currency} then round(${uc.price} * ${r.rate}, 2)
      else round(${uc.price} / ${r.rate}, 2) end
    from ${r}
    where ((${r.fromCurrency} = ${uc.currency} and ${r.toCurrency} = ${target})
      or (${r.fromCurrency} = ${target} and ${r.toCurrency} = ${uc.currency}))
      and ${r.date} <= ${rateDaySql}
    order by ${r.date} desc, (${r.fromCurrency} = ${uc.currency}) desc, ${r.id} desc
    limit 1) end)`;
  return { expr, type: 'number' };
}

/** `priceIn.UZS`, `priceIn.USD`, …: the price range of the course screens, in the reader's currency. */
const CONVERTED_PRICES: Record<string, TField> = Object.fromEntries(
  CURRENCIES.map((code, index) => [`priceIn.${code}`, priceIn(index)]),
);

// The course picker filters on Course.Name, University.name, Course.Level.Id, Price and
// Course.category.id; ids map to the foreign-key columns so they need no join at all.
export const universityCourseResource = defineResource({
  base: 'UniversityCourse',
  label: 'university course',
  table: universityCourses,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZUniversityCourseInput,
  output: ZUniversityCourse,
  joins: universityCourseJoins(),
  select: {
    id: universityCourses.id,
    universityId: universityCourses.universityId,
    courseId: universityCourses.courseId,
    duration: universityCourses.duration,
    price: universityCourses.price,
    currency: universityCourses.currency,
    requiredLanguageId: universityCourses.requiredLanguageId,
    requiredScore: universityCourses.requiredScore,
    website: universityCourses.website,
    youtube: universityCourses.youtube,
    university: { id: universities.id, name: universities.name },
    course: {
      id: courses.id,
      name: courses.name,
      level: { id: courseLevels.id, name: courseLevels.name },
      category: { id: courseCategories.id, name: courseCategories.name },
    },
  },
  selectJoins: ['university', 'course', 'course.level', 'course.category'],
  fields: {
    'university.id': field(universityCourses.universityId),
    'university.name': field(universities.name, 'university'),
    'course.id': field(universityCourses.courseId),
    'course.name': field(courses.name, 'course'),
    'course.level.id': field(courses.levelId, 'course'),
    'course.level.name': field(courseLevels.name, 'course.level'),
    'course.category.id': field(courses.categoryId, 'course'),
    'course.category.name': field(courseCategories.name, 'course.category'),
    ...CONVERTED_PRICES,
  },
  usedBy: [
    {
      column: studentCourses.universityCourseId,
      one: 'student course selection',
      many: 'student course selections',
    },
    { column: intakes.universityCourseId, one: 'intake', many: 'intakes' },
  ],
});
