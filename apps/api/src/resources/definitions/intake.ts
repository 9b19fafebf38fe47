import { ZIntake, ZIntakeInput } from '@uniapply/shared';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  courseLevels,
  courses,
  intakes,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field } from '../define.js';
import { universityCourseJoins } from './university-course.js';

/**
 * A deadline as UTC ISO text ('2027-05-31T15:59:00.000Z'), the same on both databases and in
 * whatever zone the session has (the driver's own text of a timestamptz follows the session).
 */
const utcText = (column: AnyPgColumn, name: string) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(name);

// Issue 21 item 1: a university course's intakes, kept by admins on /Admin/Intakes and read by
// every signed-in user. A catalogue table: a write bumps the catalogue version (0018), so the
// cached lists follow it. Availability (open, late, full, past) depends on the clock and on the
// applications, so it is not here: it is computed outside the cached lists.
export const intakeResource = defineResource({
  base: 'Intake',
  label: 'intake',
  table: intakes,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZIntakeInput,
  output: ZIntake,
  joins: {
    universityCourse: { table: universityCourses, via: intakes.universityCourseId },
    ...universityCourseJoins('universityCourse'),
  },
  select: {
    id: intakes.id,
    universityCourseId: intakes.universityCourseId,
    startDate: intakes.startDate,
    applicationDeadline: utcText(intakes.applicationDeadline, 'applicationDeadline'),
    lateDeadline: utcText(intakes.lateDeadline, 'lateDeadline'),
    acceptanceDeadline: utcText(intakes.acceptanceDeadline, 'acceptanceDeadline'),
    seatCap: intakes.seatCap,
    open: intakes.open,
    // The grid names the course: its university, name and level (one name exists at several levels).
    universityCourse: {
      id: universityCourses.id,
      university: { id: universities.id, name: universities.name },
      course: { id: courses.id, name: courses.name, level: { id: courseLevels.id, name: courseLevels.name } },
    },
  },
  selectJoins: ['universityCourse', 'university', 'course', 'course.level'],
  fields: {
    'universityCourse.universityId': field(universityCourses.universityId, 'universityCourse'),
    'universityCourse.courseId': field(universityCourses.courseId, 'universityCourse'),
    'university.name': field(universities.name, 'university'),
    'course.name': field(courses.name, 'course'),
  },
  usedBy: [
    {
      column: studentCourses.intakeId,
      one: 'student course selection',
      many: 'student course selections',
    },
  ],
});
