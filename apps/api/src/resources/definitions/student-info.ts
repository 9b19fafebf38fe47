import { ZStudentInfo, ZStudentInfoInput } from '@uniapply/shared';
import { studentInfos } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

/** A student profile, owned by the account that manages it (the student or their agent). */
export const studentInfoResource = defineResource({
  base: 'StudentInfo',
  label: 'student',
  table: studentInfos,
  scope: 'owner',
  input: ZStudentInfoInput,
  output: ZStudentInfo,
});
