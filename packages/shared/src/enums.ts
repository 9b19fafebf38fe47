// Enumerations of spec sections 3 and 9. The wire carries the integer index; the label is an
// i18n key under `enums.*` so each language shows its own text.

export const ROLES = ['Admin', 'Student', 'Agent'] as const;
export type TRole = (typeof ROLES)[number];
/** Roles a visitor may pick at sign-up (spec 6: registration as Admin is not selectable). */
export const SIGNUP_ROLES = ['Student', 'Agent'] as const;
export type TSignupRole = (typeof SIGNUP_ROLES)[number];

/** Where each role lands after sign-in (spec 2.1; DESIGN 6: menu letter case). */
export const ROLE_HOME: Record<TRole, string> = {
  Admin: '/Admin/Dashboard',
  Student: '/Student/Dashboard',
  Agent: '/Agent/Students',
};

export const CURRENCIES = ['MYR', 'SGD', 'UZS', 'USD'] as const;

/** Required language exam: index -1 means optional. */
export const REQUIRED_LANGUAGES = [
  { value: -1, key: 'optional' },
  { value: 0, key: 'toefl' },
  { value: 1, key: 'ielts' },
] as const;

export const GENDERS = ['male', 'female'] as const;

/** Relationship of a guardian or emergency contact; 3 (other) needs a free-text `others`. */
export const RELATIONSHIPS = ['parent', 'sibling', 'cousin', 'other'] as const;
export const RELATIONSHIP_OTHER = 3;

export const QUALIFICATION_TYPES = [
  'oLevel',
  'aLevel',
  'formal11',
  'foundation',
  'diploma',
  'bachelor',
  'others',
] as const;
export const QUALIFICATION_OTHERS = 6;
/** Types whose transcript is not required (spec 5: O level, A level, 11-year formal education). */
export const QUALIFICATIONS_WITHOUT_TRANSCRIPT: readonly number[] = [0, 1, 2];

export const LANGUAGE_TYPES = ['toefl', 'ielts', 'muet', 'others'] as const;
export const LANGUAGE_OTHERS = 3;

/** The 21 countries of spec 3, by index 0 to 20. */
export const COUNTRIES = [
  'uzbekistan',
  'malaysia',
  'singapore',
  'kyrgyzstan',
  'kazakhstan',
  'tajikistan',
  'turkmenistan',
  'usa',
  'canada',
  'mexico',
  'uk',
  'germany',
  'france',
  'spain',
  'italy',
  'china',
  'japan',
  'india',
  'brazil',
  'russia',
  'southAfrica',
] as const;

/** Document types of spec 3, seeded with these ids; 4 (health examination) is optional. */
export const DOCUMENT_TYPES = [
  { id: 1, name: 'Passport Photo' },
  { id: 2, name: 'Passport Copy' },
  { id: 3, name: 'Resume' },
  { id: 4, name: 'Health Examination' },
] as const;
export const OPTIONAL_DOCUMENT_TYPE_ID = 4;

export const LANGUAGES = ['uz', 'en', 'ru'] as const;
export type TAppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TAppLanguage = 'uz';
export const FALLBACK_LANGUAGE: TAppLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'appLanguage';
