import { z } from 'zod';
import { FORM_STEPS, THANK_YOU_STAGE } from '../constants.js';
import { zId } from '../fields.js';
import { ZStage } from '../students/records.js';
import { type TWizardStepId, WIZARD_STEP_IDS } from './messages.js';

// Stages of DESIGN 6 (the spec's second reading): the stored stage is the next step to do (1 to
// 10), or 11 once submitted; 0 or no record means nothing started.

export type TWizardStep = {
  step: number;
  id: TWizardStepId;
  labelKey: `wizard.steps.${TWizardStepId}`;
  /** Route slug under the form page. */
  slug: string;
  /** The stage a save of this step sends (spec 4's table; documents 8 and review 11 per DESIGN 6). */
  stageOnNext: number;
};

const SLUGS: Record<TWizardStepId, string> = {
  personal: 'personal',
  guardian: 'guardian',
  emergencyContact: 'emergency-contact',
  qualifications: 'qualifications',
  languages: 'languages',
  experience: 'experience',
  documents: 'documents',
  otherInfo: 'other-information',
  courses: 'courses',
  review: 'review',
};

export const WIZARD_STEPS: readonly TWizardStep[] = WIZARD_STEP_IDS.map((id, index) => ({
  step: index + 1,
  id,
  labelKey: `wizard.steps.${id}`,
  slug: SLUGS[id],
  stageOnNext: index + 2,
}));

export const wizardStep = (id: TWizardStepId): TWizardStep =>
  WIZARD_STEPS.find((s) => s.id === id) as TWizardStep;

const clampStage = (stage: number) => Math.min(Math.max(Math.trunc(stage), 0), THANK_YOU_STAGE);

/** The stage to store after saving a step: max(stored, step + 1); it never goes down. */
export function nextStage(current: number | null | undefined, stepJustSaved: number): number {
  return clampStage(Math.max(current ?? 0, stepJustSaved + 1));
}

/** Dashboard: 0 without a record, min(stage − 1, 10) otherwise (DESIGN 6). */
export function stepsCompleted(stage: number | null | undefined): number {
  if (stage === null || stage === undefined) return 0;
  return Math.max(0, Math.min(clampStage(stage) - 1, FORM_STEPS));
}

/** The progress bar's percent: steps completed of 10 (spec 2.4). */
export const progressPercent = (stage: number | null | undefined) =>
  (stepsCompleted(stage) / FORM_STEPS) * 100;
/** 'M left' while steps remain. */
export const stepsLeft = (stage: number | null | undefined) => FORM_STEPS - stepsCompleted(stage);

export const isSubmitted = (stage: number | null | undefined) => stage === THANK_YOU_STAGE;

/** Apply before any step is done, continue while not submitted, updateApplication once submitted. */
export function dashboardButton(
  stage: number | null | undefined,
): 'apply' | 'continue' | 'updateApplication' {
  if (isSubmitted(stage)) return 'updateApplication';
  // DESIGN 6 and issue 9: apply only before anything is stored, continue once a stage exists.
  return stage ? 'continue' : 'apply';
}

/** Stage the form opens at: the stored one, 1 when none (spec 4). */
export const openingStage = (stage: number | null | undefined) => (stage ? clampStage(stage) : 1);

/** Steps the stepper lets the user click: step 1 always, others once the highest stage reaches them. */
export function clickableSteps(maxStage: number | null | undefined): number[] {
  return WIZARD_STEPS.map((s) => s.step).filter((step) => step === 1 || (maxStage ?? 0) >= step);
}

/** `GET /Stage/get`'s answer: whose application and its stored stage (the stored row's rules). */
export const ZStageOut = ZStage.extend({
  studentId: z.number().int().min(0).describe('The student; 0 when a student has no profile yet.'),
  step: ZStage.shape.step.describe(
    'The stored stage: the next step to do (1 to 10), 11 once submitted, 0 without a record.',
  ),
});
export type TStageOut = z.infer<typeof ZStageOut>;
/** `POST /Stage/raise`'s answer: the stage now stored. */
export const ZRaisedStage = ZStageOut.pick({ step: true });
export type TRaisedStage = z.infer<typeof ZRaisedStage>;
/** `POST /Stage/confirm`'s answer: submitted, and which course choices this confirm submitted. */
export const ZConfirmed = z.object({
  step: z.literal(11),
  submitted: z.array(zId).describe('University course ids submitted by this confirm.'),
});
export type TConfirmed = z.infer<typeof ZConfirmed>;
