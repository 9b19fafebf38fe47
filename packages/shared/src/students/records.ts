import { z } from 'zod';
import { ZCourseChoice } from '../catalogue/intake.js';
import { LANGUAGE_OTHERS, QUALIFICATION_OTHERS } from '../enums.js';
import {
  MAX_INT,
  zDate,
  zExamYear,
  zId,
  zIndex,
  zOptionalText,
  zRequiredText,
  zWholeNumber,
} from '../fields.js';
import { requireOthers } from './others.js';

const zYear = zExamYear;

/** File names are storage names handed out by the upload routes, never client paths. */
const zStoredFile = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,200}$/, 'validation.file')
  .nullish()
  .transform((v) => v ?? null);

export const ZQualificationFields = z.object({
  studentId: zId,
  qualificationType: zIndex(0, 6),
  others: zOptionalText(100),
  yearOfExam: zYear,
  nameOfExamination: zRequiredText(200),
  nameOfInstitution: zRequiredText(200),
  result: zRequiredText(50),
  certFileName: zStoredFile,
  transcriptFileName: zStoredFile,
});
export const ZQualificationInput = ZQualificationFields.superRefine(
  requireOthers('qualificationType', QUALIFICATION_OTHERS),
);
export const ZQualification = ZQualificationFields.extend({ id: zId });
export type TQualificationInput = z.infer<typeof ZQualificationInput>;
export type TQualification = z.infer<typeof ZQualification>;

export const ZLanguageFields = z.object({
  studentId: zId,
  languageType: zIndex(0, 3),
  others: zOptionalText(100),
  result: zRequiredText(50),
  yearOfExam: zYear,
  certFileName: zStoredFile,
});
export const ZLanguageInput = ZLanguageFields.superRefine(requireOthers('languageType', LANGUAGE_OTHERS));
export const ZLanguage = ZLanguageFields.extend({ id: zId });
export type TLanguageInput = z.infer<typeof ZLanguageInput>;
export type TLanguage = z.infer<typeof ZLanguage>;

export const ZExperienceFields = z.object({
  studentId: zId,
  company: zRequiredText(200),
  position: zRequiredText(200),
  from: zDate,
  /** null: "I still work here" (DESIGN 6), shown as 'Present'. */
  to: zDate.nullable(),
});
export const ZExperienceInput = ZExperienceFields.refine((v) => v.to === null || v.from <= v.to, {
  path: ['to'],
  message: 'validation.dateOrder',
});
export const ZExperience = ZExperienceFields.extend({ id: zId });
export type TExperienceInput = z.infer<typeof ZExperienceInput>;
export type TExperience = z.infer<typeof ZExperience>;

export const OTHER_INFO_SOURCES = [
  'facebook',
  'twitter',
  'instagram',
  'linkedIn',
  'tikTok',
  'youTube',
  'website',
  'friends',
  'exhibition',
] as const;

const zFlag = z.boolean().default(false);
/** The personal statement's length limit (step 8), shown to the applicant beside the field. */
export const PERSONAL_STATEMENT_MAX = 2000;
export const ZOtherInfoFields = z.object({
  studentId: zId,
  facebook: zFlag,
  twitter: zFlag,
  instagram: zFlag,
  linkedIn: zFlag,
  tikTok: zFlag,
  youTube: zFlag,
  website: zFlag,
  friends: zFlag,
  exhibition: zFlag,
  /** The referring agent's id; 0 or null means none, stored and read back as null. */
  agentId: zWholeNumber()
    .min(0, 'validation.notNegative')
    .max(MAX_INT, 'validation.tooLarge')
    .nullish()
    .transform((v) => v || null),
  others: zFlag,
  otherInfoDetails: zOptionalText(1000, { multiline: true }),
  /** The applicant's own words about why they apply (optional). */
  personalStatement: zOptionalText(PERSONAL_STATEMENT_MAX, { multiline: true }),
});
export const ZOtherInfoInput = ZOtherInfoFields.superRefine((v, ctx) => {
  const any = OTHER_INFO_SOURCES.some((k) => v[k]) || v.others || v.agentId !== null;
  if (!any) ctx.addIssue({ code: 'custom', path: [], message: 'validation.selectOne' });
  if (v.others && !v.otherInfoDetails) {
    ctx.addIssue({ code: 'custom', path: ['otherInfoDetails'], message: 'validation.heardAbout' });
  }
});
export const ZOtherInfo = ZOtherInfoFields.extend({
  id: zId,
  lastUpdatedBy: z.string().nullable(),
  lastUpdatedDate: z.string().nullable(),
});
export type TOtherInfoInput = z.infer<typeof ZOtherInfoInput>;
export type TOtherInfo = z.infer<typeof ZOtherInfo>;

export const ZStudentCourseInput = z.object({ studentId: zId, universityCourseId: zId });
export const ZStudentCourse = ZStudentCourseInput.extend({
  id: zId,
  /** The intake applied to (issue 21); null for a course without intakes. */
  intakeId: zId.nullable(),
});
export type TStudentCourse = z.infer<typeof ZStudentCourse>;
/**
 * `POST /StudentCourse/addOrUpdateList` (spec 7.3 with issue 21): each choice a bare university
 * course id (no intake) or `{ universityCourseId, intakeId }`.
 */
export const ZStudentCourseList = z.array(ZCourseChoice).min(1, 'validation.selectOne').max(50);

export const ZStudentDocument = z.object({
  id: zId,
  studentId: zId,
  documentTypeId: zId,
  docPath: z.string(),
  fileName: z.string().nullable(),
});
export type TStudentDocument = z.infer<typeof ZStudentDocument>;
/** An upload's stored file (`POST /Document/upload`, the entry lists' file uploads). */
export const ZStoredFile = z.object({ fileId: z.string(), fileName: z.string() });
export type TStoredFile = z.infer<typeof ZStoredFile>;
/** `GET /Document/list`: a student's documents, one row per stored file. */
export const ZDocumentRow = z.object({
  id: z.number().int(),
  documentTypeId: z.number().int(),
  fileId: z.string(),
  fileName: z.string().nullable(),
});
export type TDocumentRow = z.infer<typeof ZDocumentRow>;
/** `POST /Document/upload`'s answer: the stored document row and its file. */
export const ZDocumentUploaded = ZStoredFile.extend({ id: z.number().int(), docPath: z.string() });
export type TDocumentUploaded = z.infer<typeof ZDocumentUploaded>;

export const ZStage = z.object({ studentId: zId, step: z.number().int().min(0).max(11) });
export type TStage = z.infer<typeof ZStage>;
