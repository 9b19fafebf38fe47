import { z } from 'zod';
import { RELATIONSHIP_OTHER } from '../enums.js';
import { ZEmergencyContactFields, ZGuardianFields } from '../students/contacts.js';
import { countPassingItems, optionalField, requiredField, requireStepOthers } from './step-fields.js';

// Steps 2 and 3 (spec 5): guardian and emergency contact. Relationship Other (3) needs `others`.

const g = ZGuardianFields.shape;
const e = ZEmergencyContactFields.shape;

const requireOthersWhenOther = requireStepOthers('relationship', RELATIONSHIP_OTHER);

const ZGuardianStepFields = z.object({
  firstName: requiredField('firstName', g.firstName),
  middleName: optionalField('middleName', g.middleName),
  lastName: requiredField('lastName', g.lastName),
  occupation: requiredField('occupation', g.occupation),
  phoneNumber: requiredField('phoneNumber', g.phoneNumber),
  mobileNumber: optionalField('mobileNumber', g.mobileNumber),
  email: requiredField('email', g.email),
  relationship: requiredField('relationship', g.relationship),
  others: optionalField('others', g.others),
  address: requiredField('address', g.address),
});
/** 7 required items, 8 with relationship Other; the student comes from the route, not the form. */
export const ZGuardianStep = ZGuardianStepFields.superRefine(requireOthersWhenOther);
export type TGuardianStepValues = z.input<typeof ZGuardianStep>;
export const GUARDIAN_FIELD_ORDER = Object.keys(ZGuardianStepFields.shape);

const ZEmergencyStepFields = z.object({
  firstName: requiredField('firstName', e.firstName),
  middleName: optionalField('middleName', e.middleName),
  lastName: requiredField('lastName', e.lastName),
  phoneNumber: requiredField('phoneNumber', e.phoneNumber),
  mobileNumber: optionalField('mobileNumber', e.mobileNumber),
  relationship: requiredField('relationship', e.relationship),
  others: optionalField('others', e.others),
});
/** 4 required items, 5 with relationship Other. */
export const ZEmergencyStep = ZEmergencyStepFields.superRefine(requireOthersWhenOther);
export type TEmergencyStepValues = z.input<typeof ZEmergencyStep>;
export const EMERGENCY_FIELD_ORDER = Object.keys(ZEmergencyStepFields.shape);

const GUARDIAN_ITEMS = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  occupation: ['occupation'],
  phoneNumber: ['phoneNumber'],
  email: ['email'],
  relationship: ['relationship'],
  address: ['address'],
} as const;
const EMERGENCY_ITEMS = {
  firstName: ['firstName'],
  lastName: ['lastName'],
  phoneNumber: ['phoneNumber'],
  relationship: ['relationship'],
} as const;

const isOther = (values: { relationship?: unknown }) => values.relationship === RELATIONSHIP_OTHER;
const withOthers = <T extends object>(items: T, values: { relationship?: unknown }) =>
  isOther(values) ? { ...items, others: ['others'] } : items;

/** Completion counts of spec 9: the number of items to fill in, 7 or 8 for the guardian. */
export const guardianItemCount = (values: { relationship?: unknown }) => (isOther(values) ? 8 : 7);
export const emergencyItemCount = (values: { relationship?: unknown }) => (isOther(values) ? 5 : 4);

/** Guardian items that are valid: 0 to 7, or 0 to 8 with relationship Other. */
export function countGuardianCompleted(values: Partial<Record<string, unknown>>): number {
  return countPassingItems(ZGuardianStep, values, withOthers(GUARDIAN_ITEMS, values));
}

/** Emergency-contact items that are valid: 0 to 4, or 0 to 5 with relationship Other. */
export function countEmergencyCompleted(values: Partial<Record<string, unknown>>): number {
  return countPassingItems(ZEmergencyStep, values, withOthers(EMERGENCY_ITEMS, values));
}

/** Choosing a relationship: switching away from Other clears the 'Please specify' text (spec 2.5). */
export function withRelationshipChange<T extends { relationship?: unknown; others?: unknown }>(
  values: T,
  relationship: number,
): T {
  return { ...values, relationship, others: relationship === RELATIONSHIP_OTHER ? values.others : '' };
}
