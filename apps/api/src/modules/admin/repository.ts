import { isNotNull } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import { courses, studentCourses, studentInfos, universities } from '../../db/schema/index.js';

export type TAdminSummary = {
  universities: number;
  courses: number;
  students: number;
  submittedApplications: number;
};

/** The admin dashboard's counts. `$count` maps bigint to a number on PGlite and pg alike. */
export async function countSummary(db: TDbOrTx): Promise<TAdminSummary> {
  const [universityCount, courseCount, studentCount, submittedCount] = await Promise.all([
    db.$count(universities),
    db.$count(courses),
    db.$count(studentInfos),
    // An application is submitted once its course selection has a submission time (stage 11).
    db.$count(studentCourses, isNotNull(studentCourses.submittedAt)),
  ]);
  return {
    universities: universityCount,
    courses: courseCount,
    students: studentCount,
    submittedApplications: submittedCount,
  };
}
