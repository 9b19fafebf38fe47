import { ZUniversityCourse, ZUniversityCourseInput } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { courseLevels, courses, universities, universityCourses } from '../db/schema/index.js';
import { defineResource, field, type TJoin } from './define.js';

// Filters reach joined tables through semi-joins on foreign keys (filter.ts), which select the
// same rows as inner joins only when every row has exactly one joined row: defineResource refuses
// any other join at start-up.

const define = (joins: Record<string, TJoin>) =>
  defineResource({
    base: 'Test',
    label: 'test',
    table: universityCourses,
    scope: 'catalogue',
    input: ZUniversityCourseInput,
    output: ZUniversityCourse,
    joins,
  });

describe('resource joins', () => {
  it('accepts not-null foreign keys, nested ones after their parent', () => {
    const resource = defineResource({
      base: 'Test',
      label: 'test',
      table: universityCourses,
      scope: 'catalogue',
      input: ZUniversityCourseInput,
      output: ZUniversityCourse,
      joins: {
        course: { table: courses, via: universityCourses.courseId },
        level: { table: courseLevels, via: courses.levelId, after: 'course' },
      },
      fields: { 'Level.Name': field(courseLevels.name, 'level') },
    });
    expect(resource.fields['level.name']?.through?.map((j) => j.table)).toEqual([courses, courseLevels]);
  });

  it('refuses a join through a nullable column', () => {
    expect(() => define({ u: { table: universities, via: universityCourses.website } })).toThrow(
      'Test: join u must go through a not-null column',
    );
  });

  it('refuses a join through a column without a foreign key to the joined table', () => {
    expect(() => define({ u: { table: universities, via: universityCourses.courseId } })).toThrow(
      'Test: join u needs a foreign key',
    );
  });

  it('refuses a join through a column of another table', () => {
    expect(() => define({ level: { table: courseLevels, via: courses.levelId } })).toThrow(
      'Test: join level must go through a column of the resource table',
    );
  });

  it('refuses a join declared before the join it hangs off', () => {
    expect(() =>
      define({
        level: { table: courseLevels, via: courses.levelId, after: 'course' },
        course: { table: courses, via: universityCourses.courseId },
      }),
    ).toThrow('Test: join level hangs off course, which is not declared before it');
  });
});
