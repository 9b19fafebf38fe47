import { ZGuardian, ZGuardianInput } from '@uniapply/shared';
import { studentGuardians } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const studentGuardianResource = defineResource({
  base: 'StudentGuardian',
  label: 'guardian',
  table: studentGuardians,
  scope: 'child',
  input: ZGuardianInput,
  output: ZGuardian,
  ...studentInfoJoin(studentGuardians.studentId),
  upsertBy: ['studentId'],
});
