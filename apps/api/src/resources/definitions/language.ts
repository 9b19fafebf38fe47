import { ZLanguage, ZLanguageInput } from '@uniapply/shared';
import { getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { languageQualifications } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { fileDisplayName, studentInfoJoin } from './child.js';

export const languageResource = defineResource({
  base: 'Language',
  label: 'language qualification',
  table: languageQualifications,
  scope: 'child',
  input: ZLanguageInput,
  output: ZLanguage.extend({
    certDisplayName: z
      .string()
      .nullable()
      .describe("The certificate file's name as uploaded, null without one."),
  }),
  select: {
    ...getTableColumns(languageQualifications),
    certDisplayName: fileDisplayName(
      languageQualifications.certFileName,
      languageQualifications.studentId,
      'certDisplayName',
    ),
  },
  ...studentInfoJoin(languageQualifications.studentId),
});
