import { z } from 'zod';
import { ZStudentInfoInput } from '../students/student-info.js';
import { countPassingItems, optionalField, requiredField } from './step-fields.js';

const s = ZStudentInfoInput.shape;

/**
 * Step 1 (spec 5): 12 required items in the spec's order, middle name optional. The keys are the
 * record's, in form order, so the first issue is the first invalid field. The passport is one
 * item made of series and number (see normalizePassport). Mobile number is copied from the phone
 * by the API when absent (spec 3).
 */
export const ZPersonalStep = z.object({
  firstName: requiredField('firstName', s.firstName),
  middleName: optionalField('middleName', s.middleName),
  lastName: requiredField('lastName', s.lastName),
  passportSeries: requiredField('passport', s.passportSeries),
  passportNumber: requiredField('passport', s.passportNumber),
  race: requiredField('race', s.race),
  email: requiredField('email', s.email),
  phoneNumber: requiredField('phoneNumber', s.phoneNumber),
  mobileNumber: optionalField('mobileNumber', s.mobileNumber),
  dateOfBirth: requiredField('dateOfBirth', s.dateOfBirth),
  postCode: requiredField('postCode', s.postCode),
  address: requiredField('address', s.address),
  city: requiredField('city', s.city),
  gender: requiredField('gender', s.gender),
  country: requiredField('country', s.country),
});
export type TPersonalStepValues = z.input<typeof ZPersonalStep>;
export type TPersonalStep = z.output<typeof ZPersonalStep>;
export const PERSONAL_FIELD_ORDER = Object.keys(ZPersonalStep.shape);

/** The 12 items that count towards completion (spec 9), each with its record keys. */
export const PERSONAL_ITEMS = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  passport: ['passportSeries', 'passportNumber'],
  race: ['race'],
  email: ['email'],
  phoneNumber: ['phoneNumber'],
  dateOfBirth: ['dateOfBirth'],
  postCode: ['postCode'],
  address: ['address'],
  city: ['city'],
  gender: ['gender'],
  country: ['country'],
} as const;

/** Gender and country have defaults (spec 5): male and the first country. */
export const PERSONAL_DEFAULTS = { gender: 0, country: 0 } as const;

/** Items of step 1 that are valid, 0 to 12 (spec 9 completion counts). */
export function countPersonalCompleted(values: Partial<Record<string, unknown>>): number {
  return countPassingItems(ZPersonalStep, values, PERSONAL_ITEMS);
}
