import { z } from 'zod';
import { zInstant } from '../catalogue/intake.js';
import { LANGUAGES } from '../enums.js';
import { zId } from '../fields.js';

// Offers (issue 22): the record beside the status that an admin's move to conditionalOffer or
// unconditionalOffer creates or updates; its conditions, each decided by admins with the evidence
// the applicant uploads; the applicant's answer; the offer letter's templates; and the passport's
// whereabouts after acceptance. One schema per shape, for the forms, the API and the tests.

export const OFFER_TYPES = ['conditional', 'unconditional'] as const;
export const ZOfferType = z.enum(OFFER_TYPES);
export type TOfferType = z.infer<typeof ZOfferType>;

/** The short translated list a condition starts from; `other` is free text only. */
export const OFFER_CONDITION_KINDS = [
  'englishTest',
  'finalCertificate',
  'transcript',
  'deposit',
  'other',
] as const;
export const ZOfferConditionKind = z.enum(OFFER_CONDITION_KINDS);
export type TOfferConditionKind = z.infer<typeof ZOfferConditionKind>;

export const OFFER_CONDITION_STATES = ['pending', 'met', 'notMet'] as const;
export const ZOfferConditionState = z.enum(OFFER_CONDITION_STATES);
export type TOfferConditionState = z.infer<typeof ZOfferConditionState>;

/** Days after the offer that its answer-by date is at the earliest (by default). */
export const OFFER_ANSWER_MIN_DAYS = 14;
export const OFFER_FEES_MAX = 500;
export const OFFER_CONDITION_TEXT_MAX = 300;
export const OFFER_CONDITIONS_MAX = 10;

/** One condition as the admin writes it: a kind from the list, with text (required for `other`). */
export const ZOfferConditionInput = z
  .object({
    kind: ZOfferConditionKind,
    text: z
      .string()
      .trim()
      .max(OFFER_CONDITION_TEXT_MAX, 'validation.tooLong')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.kind !== 'other' || v.text !== null, { message: 'validation.required', path: ['text'] });
export type TOfferConditionInput = z.infer<typeof ZOfferConditionInput>;

/**
 * The offer's terms, sent with the admin's move to conditionalOffer or unconditionalOffer (or on
 * their own to change them). `answerBy` absent: the later of the intake's acceptance deadline and
 * OFFER_ANSWER_MIN_DAYS after the offer. Conditions only on a conditional offer (at least one).
 */
export const ZOfferTerms = z.object({
  fees: z
    .string()
    .trim()
    .max(OFFER_FEES_MAX, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null)),
  answerBy: zInstant.nullish().transform((v) => v ?? null),
  conditions: z.array(ZOfferConditionInput).max(OFFER_CONDITIONS_MAX, 'validation.tooMany').default([]),
});
export type TOfferTerms = z.infer<typeof ZOfferTerms>;

/** An admin changes an open offer's terms without a status move (e.g. a later answer-by date). */
/**
 * The admin's change of an open offer's terms without a move. `version`: the application's status
 * version the admin saw, checked like a move's (a stale one is a 409 `statusConflict`).
 */
export const ZOfferTermsChange = ZOfferTerms.extend({
  studentCourseId: zId,
  version: z.number().int().min(0, 'validation.notNegative'),
});
export type TOfferTermsChange = z.infer<typeof ZOfferTermsChange>;

/** The conditions a move's terms must have: at least one on a conditional offer, none otherwise. */
export const termsFitType = (type: TOfferType, terms: Pick<TOfferTerms, 'conditions'>) =>
  type === 'conditional' ? terms.conditions.length > 0 : terms.conditions.length === 0;

/** One condition as stored and shown. `evidence*`: the applicant's latest upload for it. */
export const ZOfferCondition = z.object({
  id: zId,
  kind: ZOfferConditionKind,
  text: z.string().nullable(),
  state: ZOfferConditionState,
  evidenceFileId: z.string().nullable(),
  evidenceFileName: z.string().nullable(),
  evidenceAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TOfferCondition = z.infer<typeof ZOfferCondition>;

/**
 * A condition as a notification or a mail names it (issue 22, left): its kind and the admin's text,
 * named in the reader's language by conditionName.
 */
export const ZNamedCondition = ZOfferCondition.pick({ kind: true, text: true });
export type TNamedCondition = z.infer<typeof ZNamedCondition>;

/**
 * A condition's name: its kind from the translated list (`offers:kinds.*`), then the admin's text
 * (an `other` condition is its text alone). The one naming of the cards, letters, notifications and mails.
 */
export function conditionName(c: TNamedCondition, t: (key: string) => string): string {
  const kind = t(`offers:kinds.${c.kind}`);
  return c.text ? (c.kind === 'other' ? c.text : `${kind}: ${c.text}`) : kind;
}

/**
 * An offer as its readers see it. `conditionsMetAt`: every condition met (the offer then shows as
 * unconditional); `answeredAt`: accepted or declined (the status says which); `letterFileId`: the
 * stored letter of the current terms.
 */
export const ZOffer = z.object({
  id: zId,
  studentCourseId: zId,
  type: ZOfferType,
  intakeId: zId.nullable(),
  fees: z.string().nullable(),
  answerBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  conditionsMetAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  letterFileId: z.string().nullable(),
  conditions: z.array(ZOfferCondition),
});
export type TOffer = z.infer<typeof ZOffer>;

/** Whether an offer shows as unconditional: made so, or every condition met. */
export const showsUnconditional = (offer: Pick<TOffer, 'type' | 'conditionsMetAt'>) =>
  offer.type === 'unconditional' || offer.conditionsMetAt !== null;

/** An admin's decision on one condition. */
export const ZOfferConditionDecision = z.object({
  conditionId: zId,
  state: ZOfferConditionState,
});
export type TOfferConditionDecision = z.infer<typeof ZOfferConditionDecision>;

/**
 * The applicant's answer (the student, or the owning agent). Accepting may decline the student's
 * other open offers in the same step (`declineOthers`: their application ids, none by default).
 */
export const ZOfferAnswer = z
  .object({
    studentCourseId: zId,
    version: z.number().int().min(0, 'validation.notNegative'),
    answer: z.enum(['accept', 'decline']),
    declineOthers: z.array(zId).max(20, 'validation.tooMany').default([]),
  })
  .refine((v) => v.answer === 'accept' || v.declineOthers.length === 0, {
    message: 'validation.unknownField',
    path: ['declineOthers'],
  })
  .refine((v) => !v.declineOthers.includes(v.studentCourseId), {
    message: 'validation.invalid',
    path: ['declineOthers'],
  });
export type TOfferAnswer = z.infer<typeof ZOfferAnswer>;

/** The fields an offer letter's template may name as `{{field}}`. */
export const OFFER_LETTER_FIELDS = [
  'applicantName',
  'passportNumber',
  'course',
  'university',
  'intake',
  'startDate',
  'fees',
  'offerType',
  'conditions',
  'answerByUniversity',
  'answerByApplicant',
  'offerDate',
] as const;
export type TOfferLetterField = (typeof OFFER_LETTER_FIELDS)[number];

export const OFFER_LETTER_TEMPLATE_MAX = 20_000;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a template names that are not letter fields (empty: the template is valid). */
export function unknownLetterFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of body.matchAll(PLACEHOLDER))
    if (!(OFFER_LETTER_FIELDS as readonly string[]).includes(name ?? '')) unknown.add(name ?? '');
  return [...unknown];
}

/** Fills a template: each `{{field}}` with its value; paragraphs are split on blank lines by the renderer. */
export const fillLetter = (body: string, values: Record<TOfferLetterField, string>) =>
  body.replace(PLACEHOLDER, (whole, name: string) =>
    (OFFER_LETTER_FIELDS as readonly string[]).includes(name) ? values[name as TOfferLetterField] : whole,
  );

export const ZOfferLetterTemplateInput = z.object({
  language: z.enum(LANGUAGES),
  body: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(OFFER_LETTER_TEMPLATE_MAX, 'validation.tooLong')
    .refine((v) => unknownLetterFields(v).length === 0, 'validation.unknownPlaceholder'),
});
export type TOfferLetterTemplateInput = z.infer<typeof ZOfferLetterTemplateInput>;

export const ZOfferLetterTemplate = z.object({
  language: z.enum(LANGUAGES),
  body: z.string(),
  updatedAt: z.string().nullable(),
});
export type TOfferLetterTemplate = z.infer<typeof ZOfferLetterTemplate>;

/** Where the applicant's passport is after acceptance; admins set it, applicants see it. */
export const PASSPORT_WHEREABOUTS = ['withApplicant', 'sentToUniversity', 'withEmgs', 'returned'] as const;
export const ZPassportWhereabouts = z.enum(PASSPORT_WHEREABOUTS);
export type TPassportWhereabouts = z.infer<typeof ZPassportWhereabouts>;

export const ZPassportWhereaboutsUpdate = z.object({
  studentCourseId: zId,
  whereabouts: ZPassportWhereabouts,
});
export type TPassportWhereaboutsUpdate = z.infer<typeof ZPassportWhereaboutsUpdate>;
