// Machine codes of problem+json responses (DESIGN 7: a `code` and its `params` beside a human
// English `message`). The web translates `common:errors.<code>` for the problem and
// `validation:<code>` for a field; a test checks every code has a text in en, uz and ru.

/** Codes of a whole problem (`code` beside `status`). */
export const ERROR_CODES = [
  'validation',
  'badRequest',
  'invalidJson',
  'jsonTooDeep',
  'badUrl',
  'urlTooLong',
  'invalidValue',
  'invertedRange',
  'unauthorized',
  'forbidden',
  'crossSite',
  'notFound',
  'conflict',
  'inUse',
  'editConflict',
  'incompleteApplication',
  'earlierStepsMissing',
  'applicationSubmitted',
  'tooManyReferees',
  'statusConflict',
  'undoUnavailable',
  'answerFinal',
  'intakeRequired',
  'intakeNotOfCourse',
  'intakeTwice',
  'applicationLive',
  'intakeClosed',
  'intakePast',
  'intakeFull',
  'intakeNotLater',
  // Issue 22: an offer's change refused by its status; evidence for a decided condition.
  'offerClosed',
  'conditionDecided',
  'offerAnswerPast',
  'payloadTooLarge',
  'fileTooLarge',
  'uploadQuota',
  'uploadStalled',
  'requestStalled',
  'unsupportedMediaType',
  'fileType',
  'fileDamaged',
  'fileTooLargeInside',
  'rateLimited',
  'serviceUnavailable',
  'pdfBusy',
  'storageUnavailable',
  'storageFull',
  'driveNotConfigured',
  'signInFailed',
  'accountDisabled',
  'cannotDisableSelf',
  'fileInfected',
  'scannerUnavailable',
  'idempotencyKeyReused',
  'idempotencyKeyInProgress',
  'internal',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

/**
 * Codes of one field's problem (`errors: [{ path, code, message, params }]`): the `validation.*`
 * message keys of the shared schemas without their prefix, plus the generic ones the server adds.
 * `{{name}}` in an English text is filled from the error's params.
 */
export const FIELD_ERROR_MESSAGES = {
  required: 'Please fill in this field.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  url: 'Please enter a valid web address.',
  tooLong: 'This text is too long (at most {{max}} characters).',
  choice: 'Please choose one of the options.',
  date: 'Please enter a valid date.',
  birthDate: 'Please enter a date of birth between 1900 and today.',
  passport: 'Please enter a valid passport series and number.',
  othersRequired: "Please fill in the 'Others' field.",
  selectOne: 'Please select at least one option.',
  agentId: 'Please specify Agent Id.',
  heardAbout: 'Please specify where you heard about us.',
  number: 'Please enter a number.',
  wholeNumber: 'Please enter a whole number.',
  positive: 'Please enter a number greater than zero.',
  notNegative: 'Please enter zero or a positive number.',
  tooLarge: 'This number is too large (at most {{max}}).',
  tooSmall: 'This number is too small (at least {{min}}).',
  tooMany: 'Too many items (at most {{max}}).',
  year: 'Please enter a valid year.',
  file: 'Please choose a valid file.',
  dateOrder: 'The end date cannot be before the start date.',
  invalidText: 'This text contains characters that are not allowed.',
  notFound: 'No such record.',
  invalidFilter: 'This filter is not valid.',
  unknownField: 'This field is not accepted here.',
  invalid: 'This value is not valid.',
  invertedRange: 'The lowest value cannot be greater than the highest.',
  sameCurrency: 'Please choose two different currencies.',
  dateTime: 'Please enter a date and time.',
  lateBeforeDeadline: 'The late deadline must come after the application deadline.',
  unknownPlaceholder: 'These are not letter fields: {{fields}}.',
} as const;
export type TFieldErrorCode = keyof typeof FIELD_ERROR_MESSAGES;
export const FIELD_ERROR_CODES = Object.keys(FIELD_ERROR_MESSAGES) as TFieldErrorCode[];

export const isFieldErrorCode = (code: string): code is TFieldErrorCode =>
  Object.hasOwn(FIELD_ERROR_MESSAGES, code);

/** Fills `{{name}}` placeholders from params (a missing one is left as it is). */
export function formatMessage(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
