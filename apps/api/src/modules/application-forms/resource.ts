import { ZApplicationFormInput, ZApplicationFormRow } from '@uniapply/shared';
import { isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  applicationStatuses,
  courses,
  studentCourses,
  studentInfos,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field } from '../../resources/define.js';
import { studentInfoJoin } from '../../resources/definitions/child.js';
import { applicationsInStatus } from '../../resources/definitions/status-rows.js';

/** `trim(x)`, or null when blank: concat_ws skips nulls, so a missing middle name leaves no gap. */
const part = (column: AnyPgColumn) => sql`nullif(trim(${column}), '')`;

/**
 * The application's status (issue 12) by scalar subquery on the status table's primary key, as
 * StudentInfo carries `step`: the engine's joins are many-to-one from the row, and this table points
 * the other way. No status row yet (an application submitted by code that bypassed the pipeline)
 * reads as submitted, as in the status routes. The filter on it goes through the status index
 * (`applicationsInStatus`); this per-row form is its meaning and what the page's rows show.
 */
const statusOfRow = sql<string>`coalesce((select ${applicationStatuses.status} from ${applicationStatuses}
  where ${applicationStatuses.studentCourseId} = ${studentCourses.id}), 'submitted')`;

/**
 * The Application Form grid (spec 2.3, DESIGN 6): one row per SUBMITTED student course, owned
 * through the student (admins all, an agent their students, a student their own). Only its read
 * verbs are routed (routes.ts); its writes are the module's own, never the catalogue's.
 */
export const applicationFormResource = defineResource({
  base: 'ApplicationForm',
  label: 'application form',
  table: studentCourses,
  scope: 'child',
  where: isNotNull(studentCourses.submittedAt),
  input: ZApplicationFormInput,
  output: ZApplicationFormRow,
  joins: {
    ...studentInfoJoin(studentCourses.studentId).joins,
    universityCourse: { table: universityCourses, via: studentCourses.universityCourseId },
    university: { table: universities, via: universityCourses.universityId, after: 'universityCourse' },
    course: { table: courses, via: universityCourses.courseId, after: 'universityCourse' },
  },
  select: {
    id: studentCourses.id,
    studentCourseId: sql<number>`${studentCourses.id}`.as('student_course_id'),
    studentId: studentCourses.studentId,
    fullName:
      sql<string>`concat_ws(' ', ${part(studentInfos.firstName)}, ${part(studentInfos.middleName)}, ${part(studentInfos.lastName)})`.as(
        'full_name',
      ),
    studentInfo: {
      firstName: studentInfos.firstName,
      middleName: studentInfos.middleName,
      lastName: studentInfos.lastName,
    },
    email: studentInfos.email,
    university: { id: universities.id, name: universities.name },
    universityId: universityCourses.universityId,
    course: { id: courses.id, name: courses.name },
    universityCourseId: studentCourses.universityCourseId,
    submittedAt: studentCourses.submittedAt,
    status: statusOfRow.as('status'),
  },
  selectJoins: ['studentInfo', 'universityCourse', 'university', 'course'],
  fields: {
    ...studentInfoJoin(studentCourses.studentId).fields,
    'university.id': field(universityCourses.universityId, 'universityCourse'),
    'university.name': field(universities.name, 'university'),
    'course.id': field(universityCourses.courseId, 'universityCourse'),
    'course.name': field(courses.name, 'course'),
    // The admin's status filter (EQ with a status value; CONTAINS works on its machine text too),
    // through the status index rather than the status of every submitted course.
    status: {
      expr: statusOfRow,
      type: 'text',
      indexed: (test) => sql`${studentCourses.id} in ${applicationsInStatus(test)}`,
    },
  },
});
