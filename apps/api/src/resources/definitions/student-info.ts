import { ZApplicationStatus, ZStudentInfo, ZStudentInfoInput } from '@uniapply/shared';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  applicationStages,
  applicationStatuses,
  studentCourses,
  studentInfos,
} from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { applicationsInStatus } from './status-rows.js';

/**
 * The student's most recently changed application (issue 12: the agent's list shows each student's
 * latest status and filters by it), as a correlated subquery: in the select it runs for the page's
 * rows only (queries.ts), each through the (student_id, …) index of student_courses and the primary
 * key of application_statuses. A submitted course without a status row (confirmed before the
 * pipeline) counts as submitted then. A filter on the status reads it only for the students that
 * have an application in that status, found through the status index (`indexed` below).
 */
function latest(column: 'status' | 'at'): SQL {
  const changedAt = sql`coalesce(${applicationStatuses.updatedAt}, ${studentCourses.submittedAt})`;
  const value =
    column === 'status' ? sql`coalesce(${applicationStatuses.status}, 'submitted')` : sql`${changedAt}`;
  return sql`(select ${value} from ${studentCourses}
    left join ${applicationStatuses} on ${applicationStatuses.studentCourseId} = ${studentCourses.id}
    where ${studentCourses.studentId} = ${studentInfos.id} and ${studentCourses.submittedAt} is not null
    order by ${changedAt} desc, ${studentCourses.id} desc limit 1)`;
}

/** A student profile, owned by the account that manages it (the student or their agent). */
export const studentInfoResource = defineResource({
  base: 'StudentInfo',
  label: 'student',
  table: studentInfos,
  scope: 'owner',
  input: ZStudentInfoInput,
  output: ZStudentInfo.extend({
    step: z.number().int().min(0).max(11).nullable().describe('The stored wizard stage, null without one.'),
    latestStatus: ZApplicationStatus.nullable().describe(
      'The status of the most recently changed submitted application; null before the first confirm.',
    ),
    latestStatusAt: z.string().nullable().describe('When that application last changed.'),
  }),
  select: {
    ...getTableColumns(studentInfos),
    // The student lists' progress column (agent and admin): the row's stage (at most one).
    step: sql<number | null>`(select ${applicationStages.step} from ${applicationStages}
      where ${applicationStages.studentId} = ${studentInfos.id})`.as('step'),
    latestStatus: sql<string | null>`${latest('status')}`.as('latest_status'),
    latestStatusAt: sql<string | null>`${latest('at')}::text`.as('latest_status_at'),
  },
  fields: {
    latestStatus: {
      expr: latest('status'),
      type: 'text',
      // Through the status index: only the students with an application in the status asked for
      // (a necessary condition) have their latest status read, instead of every student in scope.
      indexed: (test) => sql`${studentInfos.id} in (select ${studentCourses.studentId} from ${studentCourses}
        where ${studentCourses.id} in ${applicationsInStatus(test)}) and ${test(latest('status'))}`,
    },
    latestStatusAt: { expr: latest('at'), type: 'timestamp' },
  },
});
