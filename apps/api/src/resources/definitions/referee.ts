import { ZReferee, ZRefereeInput } from '@uniapply/shared';
import { referees } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

/** Step 8's referees (issue 21 item 4); the wizard module adds the limit of two. */
export const refereeResource = defineResource({
  base: 'Referee',
  label: 'referee',
  table: referees,
  scope: 'child',
  input: ZRefereeInput,
  output: ZReferee,
  ...studentInfoJoin(referees.studentId),
});
