// Message keys of the application wizard (spec 5). Keys are namespace-first i18n keys: the web
// translates `wizard.validation.fillIn` from the `wizard` namespace (apps/web/src/locales/*/wizard.json).
// Format messages of the reused record fields (`validation.tooLong`, `validation.date`, ...) pass
// through unchanged and are translated from the `validation` namespace.

export const WIZARD_MESSAGES = {
  /** 'Please fill in the {field name} field'; params.field is a `wizard.fields.*` key. */
  fillIn: 'wizard.validation.fillIn',
  /** A value of the wrong type for a field (only a broken client sends one). */
  invalid: 'wizard.validation.invalid',
  email: 'wizard.validation.email',
  phone: 'wizard.validation.phone',
  selectOne: 'wizard.validation.selectOne',
  agentId: 'wizard.validation.agentId',
  heardAbout: 'wizard.validation.heardAbout',
  uploadDocuments: 'wizard.validation.uploadDocuments',
  /** Qualifications and languages need at least one entry (spec 5; no wording given). */
  addOne: 'wizard.validation.addOne',
  certificate: 'wizard.validation.certificate',
  transcript: 'wizard.validation.transcript',
  yearNumber: 'wizard.validation.yearNumber',
  dateOrder: 'wizard.validation.dateOrder',
  draftTooLarge: 'wizard.validation.draftTooLarge',
  draftObject: 'wizard.validation.draftObject',
} as const;
export type TWizardMessageKey = (typeof WIZARD_MESSAGES)[keyof typeof WIZARD_MESSAGES];

/** Field names carried as `params.field` of a fillIn message, one per form field of the wizard. */
export const WIZARD_FIELD_NAMES = [
  /** A saved entry's id (only a broken client sends a bad one). */
  'id',
  'firstName',
  'middleName',
  'mobileNumber',
  'lastName',
  'passport',
  'race',
  'email',
  'phoneNumber',
  'dateOfBirth',
  'postCode',
  'address',
  'city',
  'gender',
  'country',
  'occupation',
  'relationship',
  'others',
  'qualificationType',
  'yearOfExam',
  'nameOfExamination',
  'nameOfInstitution',
  'result',
  'certificate',
  'transcript',
  'languageType',
  'company',
  'position',
  'from',
  'to',
  'agentId',
  'otherInfoDetails',
  'personalStatement',
  'fullName',
  'refereeRelationship',
  'institution',
] as const;
export type TWizardFieldName = (typeof WIZARD_FIELD_NAMES)[number];
export const fieldKey = (field: TWizardFieldName) => `wizard.fields.${field}` as const;

/** Machine codes of what a confirm is missing (see confirm.ts), each with a `wizard.missing.*` text. */
export const MISSING_SECTIONS = [
  'personal',
  'guardian',
  'emergencyContact',
  'qualifications',
  'languages',
  'otherInfo',
  'courses',
] as const;

/** The 10 steps and the thank-you screen (DESIGN 6), each with a `wizard.steps.*` label. */
export const WIZARD_STEP_IDS = [
  'personal',
  'guardian',
  'emergencyContact',
  'qualifications',
  'languages',
  'experience',
  'documents',
  'otherInfo',
  'courses',
  'review',
] as const;
export type TWizardStepId = (typeof WIZARD_STEP_IDS)[number];

/** Every key the wizard's shared code hands to the web, for the locale test. */
export const WIZARD_MESSAGE_KEYS: readonly string[] = [
  ...Object.values(WIZARD_MESSAGES),
  ...WIZARD_FIELD_NAMES.map(fieldKey),
  ...MISSING_SECTIONS.map((s) => `wizard.missing.${s}`),
  'wizard.missing.document',
  ...WIZARD_STEP_IDS.map((s) => `wizard.steps.${s}`),
  'wizard.steps.thankYou',
  'wizard.dashboard.apply',
  'wizard.dashboard.continue',
  'wizard.dashboard.updateApplication',
  'wizard.experience.present',
  'wizard.referees.title',
];
