import {
  conditionName,
  deadlineLines,
  formatDate,
  OFFER_LETTER_FIELDS,
  type TAppLanguage,
  type TOfferConditionKind,
  type TOfferLetterField,
  type TServerTranslate,
  UNIVERSITY_TIME_ZONE,
} from '@uniapply/shared';

// The values a letter's `{{field}}`s are filled with (issue 22 item 3), in the letter's language:
// dates through the one formatter, the answer-by instant as one line per zone (Kuala Lumpur's and
// Tashkent's, each naming its zone, intake-display's deadlineLines), conditions one per line. The
// offer's type and the conditions' kinds are named as the portal names them (the `offers` texts).

/** What the letter says, read from the application and its offer (or the preview's samples). */
export type TLetterFacts = {
  applicantName: string;
  passportNumber: string;
  course: string;
  university: string;
  /** The intake's start ('YYYY-MM-DD'), or null for a course without intakes. */
  intakeStart: string | null;
  fees: string | null;
  /** Shows as unconditional (made so, or every condition met). */
  unconditional: boolean;
  conditions: { kind: TOfferConditionKind; text: string | null; met: boolean }[];
  answerBy: string;
  offerDate: string;
};

export function letterValues(
  facts: TLetterFacts,
  language: TAppLanguage,
  t: TServerTranslate,
): Record<TOfferLetterField, string> {
  const l = (key: string, params?: Record<string, unknown>) => t(`offerLetters:letter.${key}`, params);
  const day = (value: string) => formatDate(value, language, UNIVERSITY_TIME_ZONE);
  const [university, applicant] = deadlineLines(facts.answerBy, language, t, { forApplicant: true }).map(
    (line) => `${line.time} (${line.zoneName})`,
  );
  const conditions = facts.conditions.map((c) => {
    return `• ${conditionName(c, t)}${c.met ? ` (${l('conditionMet')})` : ''}`;
  });
  const values: Record<TOfferLetterField, string> = {
    applicantName: facts.applicantName,
    passportNumber: facts.passportNumber,
    course: facts.course,
    university: facts.university,
    intake: facts.intakeStart ? l('intake', { date: day(facts.intakeStart) }) : l('notSet'),
    startDate: facts.intakeStart ? day(facts.intakeStart) : l('notSet'),
    fees: facts.fees?.trim() ? facts.fees : l('notSet'),
    offerType: t(`offers:type.${facts.unconditional ? 'unconditional' : 'conditional'}`),
    conditions: conditions.length ? conditions.join('\n') : l('noConditions'),
    answerByUniversity: university ?? '',
    answerByApplicant: applicant ?? '',
    offerDate: day(facts.offerDate),
  };
  // Every field has its value (a new field in the shared list without one fails the tests here).
  for (const field of OFFER_LETTER_FIELDS) values[field] ??= '';
  return values;
}

/** The preview's sample facts: translated sample names, an offer made now, answer by in 14 days. */
export function sampleFacts(t: TServerTranslate, now: Date): TLetterFacts {
  const s = (key: string) => t(`offerLetters:sample.${key}`);
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  return {
    applicantName: s('applicantName'),
    passportNumber: s('passportNumber'),
    course: s('course'),
    university: s('university'),
    intakeStart: inDays(120).slice(0, 10),
    fees: s('fees'),
    unconditional: false,
    conditions: [
      { kind: 'englishTest', text: s('condition'), met: false },
      { kind: 'finalCertificate', text: null, met: true },
    ],
    answerBy: inDays(14),
    offerDate: now.toISOString(),
  };
}
