import { ZQualification, ZQualificationInput } from '@uniapply/shared';
import { getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import { qualifications } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { fileDisplayName, studentInfoJoin } from './child.js';

const ZDisplayName = z.string().nullable();

export const qualificationResource = defineResource({
  base: 'Qualification',
  label: 'qualification',
  table: qualifications,
  scope: 'child',
  input: ZQualificationInput,
  output: ZQualification.extend({
    certDisplayName: ZDisplayName.describe("The certificate file's name as uploaded, null without one."),
    transcriptDisplayName: ZDisplayName.describe("The transcript file's name as uploaded, null without one."),
  }),
  select: {
    ...getTableColumns(qualifications),
    certDisplayName: fileDisplayName(
      qualifications.certFileName,
      qualifications.studentId,
      'certDisplayName',
    ),
    transcriptDisplayName: fileDisplayName(
      qualifications.transcriptFileName,
      qualifications.studentId,
      'transcriptDisplayName',
    ),
  },
  ...studentInfoJoin(qualifications.studentId),
});
