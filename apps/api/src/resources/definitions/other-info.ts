import { ZOtherInfo, ZOtherInfoInput } from '@uniapply/shared';
import { otherInfos } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const otherInfoResource = defineResource({
  base: 'OtherInfo',
  label: 'other information',
  table: otherInfos,
  scope: 'child',
  input: ZOtherInfoInput,
  output: ZOtherInfo,
  ...studentInfoJoin(otherInfos.studentId),
  upsertBy: ['studentId'],
});
