import { ZCourse, ZCourseInput } from '@uniapply/shared';
import { courseCategories, courseLevels, courses, universityCourses } from '../../db/schema/index.js';
import { defineResource, field } from '../define.js';

/** The original client posts `level: {id, name}` and `category: {id, name}` to /Course/update. */
const idOf = (v: unknown) => (v && typeof v === 'object' ? (v as { id?: unknown }).id : undefined);

export const courseResource = defineResource({
  base: 'Course',
  label: 'course',
  table: courses,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZCourseInput,
  output: ZCourse,
  joins: {
    level: { table: courseLevels, via: courses.levelId },
    category: { table: courseCategories, via: courses.categoryId },
  },
  select: {
    id: courses.id,
    name: courses.name,
    description: courses.description,
    levelId: courses.levelId,
    categoryId: courses.categoryId,
    level: { id: courseLevels.id, name: courseLevels.name },
    category: { id: courseCategories.id, name: courseCategories.name },
  },
  selectJoins: ['level', 'category'],
  fields: {
    'level.id': field(courses.levelId),
    'level.name': field(courseLevels.name, 'level'),
    'category.id': field(courses.categoryId),
    'category.name': field(courseCategories.name, 'category'),
  },
  usedBy: [{ column: universityCourses.courseId, one: 'university course', many: 'university courses' }],
  normalize: (body) => ({
    ...body,
    levelId: body.levelId ?? idOf(body.level),
    categoryId: body.categoryId ?? idOf(body.category),
  }),
});
