import { z } from 'zod';
import { ZChosenIntake } from '../catalogue/intake-display.js';
import { ZNamed } from '../catalogue/named.js';
import { DOCUMENT_TYPES } from '../enums.js';
import { zId } from '../fields.js';
import { ZEmergencyContact, ZGuardian } from '../students/contacts.js';
import { ZExperience, ZLanguage, ZOtherInfo, ZQualification, ZStudentDocument } from '../students/records.js';
import { ZReferee } from '../students/referees.js';
import { ZStudentInfo } from '../students/student-info.js';
import { missingDocuments, otherInfoToForm, ZOtherInfoStep } from './choice-steps.js';
import { ZEmergencyStep, ZGuardianStep } from './contact-steps.js';
import { ZLanguagesStep, ZQualificationsStep } from './entries.js';
import type { MISSING_SECTIONS, TWizardStepId } from './messages.js';
import { ZPersonalStep } from './personal-step.js';
import { wizardStep } from './stages.js';
import { ZApplicationStatus } from './status.js';

/**
 * A selected course with its university; `submitted` once a confirm made it an application, and
 * `status` then its status in the pipeline (the one source every screen shows; null before).
 */
export const ZApplicationCourse = z.object({
  /** The student-course id (the application form's studentCourseId). */
  id: zId,
  universityCourseId: zId,
  university: ZNamed,
  course: ZNamed,
  submitted: z.boolean(),
  submittedAt: z.string().nullable(),
  status: ZApplicationStatus.nullable(),
  /** The intake applied to (issue 21); null for a course without intakes. */
  intake: ZChosenIntake.nullable(),
});
export type TApplicationCourse = z.infer<typeof ZApplicationCourse>;

/** What `GET /Review/getReview?studentId=` returns: every step's saved data (an output schema). */
export const ZApplication = z.object({
  studentId: zId,
  /** The stored stage, 0 without a record (DESIGN 6). */
  stage: z.number().int().min(0).max(11),
  /** Stage 11: confirmed at least once. */
  submitted: z.boolean(),
  studentInfo: ZStudentInfo,
  guardian: ZGuardian.nullable(),
  emergencyContact: ZEmergencyContact.nullable(),
  qualifications: z.array(ZQualification),
  languages: z.array(ZLanguage),
  experiences: z.array(ZExperience),
  documents: z.array(ZStudentDocument.extend({ documentTypeName: z.string() })),
  otherInfo: ZOtherInfo.nullable(),
  /** Step 8's referees, at most MAX_REFEREES (issue 21 item 4). */
  referees: z.array(ZReferee),
  courses: z.array(ZApplicationCourse),
});
export type TApplication = z.infer<typeof ZApplication>;

export type TMissingSection = (typeof MISSING_SECTIONS)[number];
/** A machine code naming what a confirm is missing: a step, or `document:<type id>`. */
export type TMissingCode = TMissingSection | `document:${number}`;

const passes = (schema: z.ZodType, value: unknown) => value != null && schema.safeParse(value).success;

/** The parts of an application the confirm checks (experience and referees never block). */
export type TConfirmPart =
  | 'studentInfo'
  | 'guardian'
  | 'emergencyContact'
  | 'qualifications'
  | 'languages'
  | 'documents'
  | 'otherInfo'
  | 'courses';
export type TConfirmInput = Pick<TApplication, TConfirmPart>;

type TPartCheck<K extends TConfirmPart = TConfirmPart> = {
  part: K;
  /** The wizard step that saves this part. */
  step: number;
  missing(value: TConfirmInput[K], documentTypes: readonly { id: number }[]): TMissingCode[];
};

const check = <K extends TConfirmPart>(
  part: K,
  step: TWizardStepId,
  missing: TPartCheck<K>['missing'],
): TPartCheck => ({ part, step: wizardStep(step).step, missing }) as unknown as TPartCheck;

const stepRule =
  (code: TMissingSection, schema: z.ZodType) =>
  (value: unknown): TMissingCode[] =>
    passes(schema, value) ? [] : [code];

/** The confirm's checks, one per part, in step order (each part's missing codes are of its step). */
const CONFIRM_CHECKS: readonly TPartCheck[] = [
  check('studentInfo', 'personal', stepRule('personal', ZPersonalStep)),
  check('guardian', 'guardian', stepRule('guardian', ZGuardianStep)),
  check('emergencyContact', 'emergencyContact', stepRule('emergencyContact', ZEmergencyStep)),
  check('qualifications', 'qualifications', stepRule('qualifications', ZQualificationsStep)),
  check('languages', 'languages', stepRule('languages', ZLanguagesStep)),
  check('documents', 'documents', (documents, types) =>
    missingDocuments(documents, types).map((id): TMissingCode => `document:${id}`),
  ),
  check('otherInfo', 'otherInfo', (otherInfo) =>
    stepRule('otherInfo', ZOtherInfoStep)(otherInfo ? otherInfoToForm(otherInfo) : null),
  ),
  check('courses', 'courses', (courses) => (courses.length === 0 ? ['courses'] : [])),
];

/**
 * What stops a confirm (`POST /Stage/confirm` answers 4xx naming these; the review screen lists
 * them), in step order: each required step whose saved data does not pass its step schema, each
 * required document type without a file, and at least one course. Experience is optional.
 */
export function missingForConfirm(
  application: TConfirmInput,
  documentTypes: readonly { id: number }[] = DOCUMENT_TYPES,
): TMissingCode[] {
  return CONFIRM_CHECKS.flatMap((c) => c.missing(application[c.part] as never, documentTypes));
}

/** The wizard step a missing code belongs to (a document: the documents step, 7). */
export const stepOfMissing = (code: TMissingCode): number =>
  wizardStep(code.startsWith('document:') ? 'documents' : (code as TMissingSection)).step;

/**
 * What keeps the stage from reaching `stage` (the next step to do, DESIGN 6): the missing codes of
 * the steps before it. Experience (6) never blocks; nor does the review (10).
 */
export function missingBeforeStage(
  application: TConfirmInput,
  stage: number,
  documentTypes: readonly { id: number }[] = DOCUMENT_TYPES,
): TMissingCode[] {
  return missingForConfirm(application, documentTypes).filter((code) => stepOfMissing(code) < stage);
}

/**
 * The stage a save may record (DESIGN 6): `stage`, or the first step before it whose part is
 * missing; the same as `min(stage, ...missingBeforeStage(application, stage).map(stepOfMissing))`.
 * `read` fetches one part; the parts are read in step order and reading stops at the first missing
 * one, so a save naming a stage past an unsaved step reads only the steps up to that one (a save
 * reads no more than it needs: each part is a query on the server).
 */
export async function stageWithinSaved(
  stage: number,
  read: <K extends TConfirmPart>(part: K) => Promise<TConfirmInput[K]>,
  documentTypes: readonly { id: number }[] = DOCUMENT_TYPES,
): Promise<number> {
  for (const c of CONFIRM_CHECKS) {
    if (c.step >= stage) break;
    if (c.missing((await read(c.part)) as never, documentTypes).length > 0) return c.step;
  }
  return stage;
}

/**
 * The stage a save records over the `stored` one (it never goes down): `max(stored,
 * stageWithinSaved(stage))`. The steps from `stored` on are read first: when the stored step is
 * itself missing (a student who stays at a step and saves a later one), the earlier steps cannot
 * change the answer and are not read; otherwise they are, since one of them missing keeps `stored`.
 */
export async function stageAfterSave(
  stored: number,
  stage: number,
  read: <K extends TConfirmPart>(part: K) => Promise<TConfirmInput[K]>,
  documentTypes: readonly { id: number }[] = DOCUMENT_TYPES,
): Promise<number> {
  if (stage <= stored) return stored;
  const isMissing = async (c: (typeof CONFIRM_CHECKS)[number]) =>
    c.missing((await read(c.part)) as never, documentTypes).length > 0;
  let reached = stage;
  for (const c of CONFIRM_CHECKS) {
    if (c.step < stored) continue;
    if (c.step >= stage) break;
    if (await isMissing(c)) {
      reached = c.step;
      break;
    }
  }
  if (reached <= stored) return stored;
  for (const c of CONFIRM_CHECKS) {
    if (c.step >= stored) break;
    if (await isMissing(c)) return stored;
  }
  return reached;
}

/** The message of a missing code: `wizard.missing.<step>`, or `wizard.missing.document` with its type. */
export function missingMessage(code: TMissingCode): { key: string; params?: { documentTypeId: number } } {
  const document = /^document:(\d+)$/.exec(code);
  if (document) return { key: 'wizard.missing.document', params: { documentTypeId: Number(document[1]) } };
  return { key: `wizard.missing.${code}` };
}
