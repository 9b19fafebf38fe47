import { ZCourseCategory, ZCourseCategoryInput } from '@uniapply/shared';
import { courseCategories, courses } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

export const courseCategoryResource = defineResource({
  base: 'CourseCategory',
  label: 'course category',
  table: courseCategories,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZCourseCategoryInput,
  output: ZCourseCategory,
  usedBy: [{ column: courses.categoryId, one: 'course', many: 'courses' }],
});
