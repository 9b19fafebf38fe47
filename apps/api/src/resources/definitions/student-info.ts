import { ZStudentInfo, ZStudentInfoInput } from '@uniapply/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import { applicationStages, studentInfos } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

/** A student profile, owned by the account that manages it (the student or their agent). */
export const studentInfoResource = defineResource({
  base: 'StudentInfo',
  label: 'student',
  table: studentInfos,
  scope: 'owner',
  input: ZStudentInfoInput,
  output: ZStudentInfo.extend({
    step: z.number().int().min(0).max(11).nullable().describe('The stored wizard stage, null without one.'),
  }),
  select: {
    ...getTableColumns(studentInfos),
    // The student lists' progress column (agent and admin): the row's stage (at most one).
    step: sql<number | null>`(select ${applicationStages.step} from ${applicationStages}
      where ${applicationStages.studentId} = ${studentInfos.id})`.as('step'),
  },
});
