import { ZLanguage, ZLanguageInput } from '@uniapply/shared';
import { languageQualifications } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const languageResource = defineResource({
  base: 'Language',
  label: 'language qualification',
  table: languageQualifications,
  scope: 'child',
  input: ZLanguageInput,
  output: ZLanguage,
  ...studentInfoJoin(languageQualifications.studentId),
});
