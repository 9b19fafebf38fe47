import { ZCourseLevel, ZCourseLevelInput } from '@uniapply/shared';
import { courseLevels, courses } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

export const courseLevelResource = defineResource({
  base: 'CourseLevel',
  label: 'course level',
  table: courseLevels,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZCourseLevelInput,
  output: ZCourseLevel,
  usedBy: [{ column: courses.levelId, one: 'course', many: 'courses' }],
});
