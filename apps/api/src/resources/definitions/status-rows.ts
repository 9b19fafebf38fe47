import { type SQL, sql } from 'drizzle-orm';
import { applicationStatuses, studentCourses } from '../../db/schema/index.js';
import type { TTest } from '../define.js';

/** What an application without a status row reads as (decisions.md, the status pipeline). */
const NO_ROW_STATUS = 'submitted';

/**
 * The applications (student course ids) whose current status passes `test`, as a subquery for
 * `in`: the status rows through `application_statuses_status_idx` (status first, so an EQ is one
 * index range), and, only when `submitted` itself passes the test, the submitted courses without a
 * status row (an anti-join over the submitted courses). That second test is of two bound values,
 * which PostgreSQL folds while planning, so the other statuses never pay for the anti-join.
 *
 * The inner `student_courses` shadows the resource's own table of the same name: both branches are
 * uncorrelated, so the planner can drive the query from the index (issue 12; per row, the status
 * filters walked every application in the caller's scope).
 */
export function applicationsInStatus(test: TTest): SQL {
  // An EQ on another status needs no second branch; left out, the planner may also probe the status
  // table's primary key per application (cheaper inside an agent's scope) instead of unique-ifying
  // the union.
  if (test.equals !== undefined && test.equals !== NO_ROW_STATUS)
    return sql`(select ${applicationStatuses.studentCourseId} from ${applicationStatuses}
      where ${test(applicationStatuses.status)})`;
  return sql`(select ${applicationStatuses.studentCourseId} from ${applicationStatuses}
    where ${test(applicationStatuses.status)}
    union all
    select ${studentCourses.id} from ${studentCourses}
    where ${test(sql`${NO_ROW_STATUS}::text`)} and ${studentCourses.submittedAt} is not null
      and not exists (select 1 from ${applicationStatuses}
        where ${applicationStatuses.studentCourseId} = ${studentCourses.id}))`;
}
