import { describe, expect, it } from 'vitest';
import { OTHERS_REQUIRED } from '../students/others.js';
import {
  countEmergencyCompleted,
  countGuardianCompleted,
  EMERGENCY_FIELD_ORDER,
  emergencyItemCount,
  GUARDIAN_FIELD_ORDER,
  guardianItemCount,
  withRelationshipChange,
  ZEmergencyStep,
  ZGuardianStep,
} from './contact-steps.js';
import { WIZARD_MESSAGES } from './messages.js';
import { firstStepIssue } from './step-fields.js';

const guardian = {
  firstName: 'Dilshod',
  middleName: null,
  lastName: 'Karimov',
  occupation: 'Engineer',
  phoneNumber: '+998901112233',
  mobileNumber: null,
  email: 'dilshod@example.com',
  relationship: 0,
  others: '',
  address: 'Amir Temur 1, Tashkent',
};
const emergency = {
  firstName: 'Malika',
  lastName: 'Karimova',
  phoneNumber: '+998907654321',
  relationship: 1,
};

describe('ZGuardianStep', () => {
  it('accepts a complete guardian and stores a blank others as null', () => {
    expect(ZGuardianStep.parse(guardian).others).toBeNull();
  });
  it('needs others when the relationship is Other (3)', () => {
    const issue = firstStepIssue(ZGuardianStep, { ...guardian, relationship: 3 }, GUARDIAN_FIELD_ORDER);
    expect(issue).toMatchObject({ path: ['others'], message: OTHERS_REQUIRED });
    expect(ZGuardianStep.safeParse({ ...guardian, relationship: 3, others: 'Uncle' }).success).toBe(true);
  });
  it('shows others before a later invalid address, in form order', () => {
    const values = { ...guardian, relationship: 3, address: '' };
    expect(firstStepIssue(ZGuardianStep, values, GUARDIAN_FIELD_ORDER)?.path).toEqual(['others']);
  });
  it('applies the email and phone rules', () => {
    const bad = { ...guardian, email: 'x@', phoneNumber: '+12345' };
    expect(firstStepIssue(ZGuardianStep, bad, GUARDIAN_FIELD_ORDER)?.message).toBe(WIZARD_MESSAGES.phone);
    const issues = ZGuardianStep.safeParse(bad).error?.issues.map((i) => i.message);
    expect(issues).toEqual([WIZARD_MESSAGES.phone, WIZARD_MESSAGES.email]);
  });
  it('counts 7 items, 8 with Other', () => {
    expect(countGuardianCompleted(guardian)).toBe(7);
    expect(guardianItemCount(guardian)).toBe(7);
    expect(countGuardianCompleted({})).toBe(0);
    expect(countGuardianCompleted({ ...guardian, relationship: 3 })).toBe(7);
    expect(guardianItemCount({ relationship: 3 })).toBe(8);
    expect(countGuardianCompleted({ ...guardian, relationship: 3, others: 'Uncle' })).toBe(8);
    expect(countGuardianCompleted({ ...guardian, occupation: ' ' })).toBe(6);
  });
});

describe('ZEmergencyStep', () => {
  it('accepts the 4 required items', () => {
    expect(ZEmergencyStep.safeParse(emergency).success).toBe(true);
  });
  it("gives the 'Others' message when Other has no text", () => {
    const issue = firstStepIssue(ZEmergencyStep, { ...emergency, relationship: 3 }, EMERGENCY_FIELD_ORDER);
    expect(issue?.message).toBe(OTHERS_REQUIRED);
  });
  it('needs a phone that follows the rule', () => {
    expect(ZEmergencyStep.safeParse({ ...emergency, phoneNumber: '998907654321' }).success).toBe(false);
  });
  it('counts 4 items, 5 with Other', () => {
    expect(countEmergencyCompleted(emergency)).toBe(4);
    expect(emergencyItemCount(emergency)).toBe(4);
    expect(countEmergencyCompleted({ relationship: 3, others: 'Neighbour' })).toBe(2);
    expect(emergencyItemCount({ relationship: 3 })).toBe(5);
    expect(countEmergencyCompleted({ ...emergency, relationship: 3, others: 'Neighbour' })).toBe(5);
  });
});

describe('withRelationshipChange', () => {
  it('clears others when switching away from Other', () => {
    const next = withRelationshipChange({ ...guardian, relationship: 3, others: 'Uncle' }, 1);
    expect(next).toMatchObject({ relationship: 1, others: '' });
  });
  it('keeps others when choosing Other', () => {
    expect(withRelationshipChange({ relationship: 0, others: 'Uncle' }, 3)).toEqual({
      relationship: 3,
      others: 'Uncle',
    });
  });
});
