import { ZQualification, ZQualificationInput } from '@uniapply/shared';
import { qualifications } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const qualificationResource = defineResource({
  base: 'Qualification',
  label: 'qualification',
  table: qualifications,
  scope: 'child',
  input: ZQualificationInput,
  output: ZQualification,
  ...studentInfoJoin(qualifications.studentId),
});
