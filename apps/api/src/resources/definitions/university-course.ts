import { ZUniversityCourse, ZUniversityCourseInput } from '@uniapply/shared';
import {
  courseCategories,
  courseLevels,
  courses,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field, type TJoin } from '../define.js';

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
  },
  usedBy: [
    {
      column: studentCourses.universityCourseId,
      one: 'student course selection',
      many: 'student course selections',
    },
  ],
});
