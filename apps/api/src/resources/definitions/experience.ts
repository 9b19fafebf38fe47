import { ZExperience, ZExperienceInput } from '@uniapply/shared';
import { experiences } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const experienceResource = defineResource({
  base: 'Experience',
  label: 'experience',
  table: experiences,
  scope: 'child',
  input: ZExperienceInput,
  output: ZExperience,
  ...studentInfoJoin(experiences.studentId),
});
