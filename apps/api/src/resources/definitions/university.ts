import { ZUniversity, ZUniversityInput } from '@uniapply/shared';
import { universities, universityCourses } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

export const universityResource = defineResource({
  base: 'University',
  label: 'university',
  table: universities,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZUniversityInput,
  output: ZUniversity,
  usedBy: [{ column: universityCourses.universityId, one: 'university course', many: 'university courses' }],
});
