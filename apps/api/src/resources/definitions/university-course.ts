import { ZUniversityCourse, ZUniversityCourseInput } from '@uniapply/shared';
import {
  courseCategories,
  courseLevels,
  courses,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field } from '../define.js';

// The course picker filters on Course.Name, University.name, Course.Level.Id, Price and
// Course.category.id; ids map to the foreign-key columns so they need no join at all.
export const universityCourseResource = defineResource({
  base: 'UniversityCourse',
  label: 'university course',
  table: universityCourses,
  scope: 'catalogue',
  input: ZUniversityCourseInput,
  output: ZUniversityCourse,
  joins: {
    university: { table: universities, via: universityCourses.universityId },
    course: { table: courses, via: universityCourses.courseId },
    'course.level': { table: courseLevels, via: courses.levelId, after: 'course' },
    'course.category': {
      table: courseCategories,
      via: courses.categoryId,
      after: 'course',
    },
  },
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
