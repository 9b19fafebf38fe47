import { z } from 'zod';
import { LANGUAGE_OTHERS, QUALIFICATION_OTHERS, QUALIFICATIONS_WITHOUT_TRANSCRIPT } from '../enums.js';
import { isBlank, zId } from '../fields.js';
import { ZExperienceFields, ZLanguageFields, ZQualificationFields } from '../students/records.js';
import { WIZARD_MESSAGES } from './messages.js';
import { fillInIssue, optionalField, requiredField, requireStepOthers } from './step-fields.js';

// Steps 4 to 6 (spec 5): the qualification, language and experience dialogs and their lists.
// Entries carry no studentId (the route names the student) and an id only when editing.

const q = ZQualificationFields.shape;
const l = ZLanguageFields.shape;
const x = ZExperienceFields.shape;
const MAX_ENTRIES = 50;
/** Set when editing a saved entry. */
const entryId = optionalField('id', zId.optional());

/** Year of the exam: a JSON number (never a string), then the record's bounds. */
const yearOfExam = <T extends z.ZodType>(inner: T) =>
  requiredField(
    'yearOfExam',
    z.number(WIZARD_MESSAGES.yearNumber).pipe(inner as never) as unknown as z.ZodPipe<z.ZodNumber, T>,
  );

const ZQualificationEntryFields = z.object({
  id: entryId,
  qualificationType: requiredField('qualificationType', q.qualificationType),
  others: optionalField('others', q.others),
  yearOfExam: yearOfExam(q.yearOfExam),
  nameOfExamination: requiredField('nameOfExamination', q.nameOfExamination),
  nameOfInstitution: requiredField('nameOfInstitution', q.nameOfInstitution),
  result: requiredField('result', q.result),
  /** The certificate's fileId, from /Qualification/upload. */
  certFileName: requiredField('certificate', q.certFileName, WIZARD_MESSAGES.certificate),
  transcriptFileName: optionalField('transcript', q.transcriptFileName),
});
/** All fields required; others for type Others (6); a transcript except for types 0, 1 and 2. */
export const ZQualificationEntry = ZQualificationEntryFields.superRefine((v, ctx) => {
  requireStepOthers('qualificationType', QUALIFICATION_OTHERS)(v, ctx);
  const type = v.qualificationType as unknown;
  if (
    typeof type === 'number' &&
    !QUALIFICATIONS_WITHOUT_TRANSCRIPT.includes(type) &&
    isBlank(v.transcriptFileName)
  ) {
    ctx.addIssue({
      ...fillInIssue('transcript'),
      path: ['transcriptFileName'],
      message: WIZARD_MESSAGES.transcript,
    });
  }
});
export type TQualificationEntryValues = z.input<typeof ZQualificationEntry>;
export type TQualificationEntry = z.output<typeof ZQualificationEntry>;
export const QUALIFICATION_FIELD_ORDER = Object.keys(ZQualificationEntryFields.shape);
/** The step's Next needs at least one entry. */
export const ZQualificationsStep = z
  .array(ZQualificationEntry)
  .min(1, WIZARD_MESSAGES.addOne)
  .max(MAX_ENTRIES);

const ZLanguageEntryFields = z.object({
  id: entryId,
  languageType: requiredField('languageType', l.languageType),
  others: optionalField('others', l.others),
  result: requiredField('result', l.result),
  yearOfExam: yearOfExam(l.yearOfExam),
  certFileName: requiredField('certificate', l.certFileName, WIZARD_MESSAGES.certificate),
});
/** All fields required; others for type Others (3); a certificate. */
export const ZLanguageEntry = ZLanguageEntryFields.superRefine(
  requireStepOthers('languageType', LANGUAGE_OTHERS),
);
export type TLanguageEntryValues = z.input<typeof ZLanguageEntry>;
export type TLanguageEntry = z.output<typeof ZLanguageEntry>;
export const LANGUAGE_FIELD_ORDER = Object.keys(ZLanguageEntryFields.shape);
export const ZLanguagesStep = z.array(ZLanguageEntry).min(1, WIZARD_MESSAGES.addOne).max(MAX_ENTRIES);

const ZExperienceEntryFields = z.object({
  id: entryId,
  company: requiredField('company', x.company),
  position: requiredField('position', x.position),
  from: requiredField('from', x.from),
  /** "I still work here" (DESIGN 6): `to` stays empty and shows as 'Present'. */
  stillWorking: z.boolean().default(false),
  to: z.custom<string | null | undefined>().optional(),
});
/**
 * Company, position and from required; `to` required unless still working, and never before
 * `from`. The output has `to: null` while still working, as the record stores it.
 */
export const ZExperienceEntry = ZExperienceEntryFields.superRefine((v, ctx) => {
  if (v.stillWorking) return;
  if (isBlank(v.to)) {
    ctx.addIssue({ ...fillInIssue('to'), path: ['to'] });
    return;
  }
  const to = x.to.safeParse(v.to);
  if (!to.success) {
    for (const issue of to.error.issues)
      ctx.addIssue({ ...fillInIssue('to'), path: ['to'], message: issue.message });
  } else if (
    typeof v.from === 'string' &&
    x.from.safeParse(v.from).success &&
    to.data !== null &&
    v.from > to.data
  ) {
    ctx.addIssue({ ...fillInIssue('to'), path: ['to'], message: WIZARD_MESSAGES.dateOrder });
  }
}).transform(({ stillWorking, to, ...rest }) => ({ ...rest, to: stillWorking ? null : (to ?? null) }));
export type TExperienceEntryValues = z.input<typeof ZExperienceEntry>;
export type TExperienceEntry = z.output<typeof ZExperienceEntry>;
export const EXPERIENCE_FIELD_ORDER = Object.keys(ZExperienceEntryFields.shape);
/** The experience step is optional: zero entries pass. */
export const ZExperienceStep = z.array(ZExperienceEntry).max(MAX_ENTRIES);

/** A stored experience as the dialog's values: no `to` means still working. */
export function experienceToForm<T extends { to: string | null }>(record: T): T & { stillWorking: boolean } {
  return { ...record, to: record.to ?? '', stillWorking: record.to === null };
}

/** What the review and the admin tab show in the To column: the date, or the 'Present' key. */
export const experienceToLabel = (to: string | null | undefined) => (to ? to : 'wizard.experience.present');
