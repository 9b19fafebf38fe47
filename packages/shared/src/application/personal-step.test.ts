import { describe, expect, expectTypeOf, it } from 'vitest';
import { WIZARD_MESSAGES } from './messages.js';
import {
  countPersonalCompleted,
  PERSONAL_FIELD_ORDER,
  type TPersonalStep,
  ZPersonalStep,
} from './personal-step.js';
import { firstStepIssue } from './step-fields.js';
import { validPersonal } from './test-fixtures.js';

const phoneOk = (phoneNumber: string) => ZPersonalStep.safeParse({ ...validPersonal, phoneNumber }).success;
const first = (values: object) => firstStepIssue(ZPersonalStep, values, PERSONAL_FIELD_ORDER);

describe('ZPersonalStep', () => {
  it('accepts a complete step with the middle name left empty', () => {
    const parsed = ZPersonalStep.parse(validPersonal);
    expect(parsed.middleName).toBeNull();
    expect(parsed.firstName).toBe('Aziz');
  });

  it('gives fillIn with the field name as a param for a blank field', () => {
    const result = ZPersonalStep.safeParse({ ...validPersonal, race: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['race'],
        message: WIZARD_MESSAGES.fillIn,
        params: { field: 'wizard.fields.race' },
      }),
    ]);
  });

  it('reports the first invalid field in the spec order', () => {
    expect(first({})?.path).toEqual(['firstName']);
    expect(first({ ...validPersonal, country: null, lastName: '' })?.path).toEqual(['lastName']);
    expect(first({ ...validPersonal, city: '', passportNumber: '' })).toMatchObject({
      params: { field: 'wizard.fields.passport' },
    });
    expect(first({ ...validPersonal, gender: undefined, country: undefined })?.path).toEqual(['gender']);
    expect(first(validPersonal)).toBeNull();
  });

  it('words an invalid email as the spec does', () => {
    const issue = first({ ...validPersonal, email: 'aziz@example' });
    expect(issue?.message).toBe(WIZARD_MESSAGES.email);
  });

  it('accepts a phone with 9 and with 15 digits after the first', () => {
    expect(phoneOk(`+1${'2'.repeat(9)}`)).toBe(true);
    expect(phoneOk(`+1${'2'.repeat(15)}`)).toBe(true);
  });

  it('refuses a phone with 8 or 16 digits after the first, a leading 0 or no +', () => {
    expect(phoneOk(`+1${'2'.repeat(8)}`)).toBe(false);
    expect(phoneOk(`+1${'2'.repeat(16)}`)).toBe(false);
    expect(phoneOk(`+0${'2'.repeat(10)}`)).toBe(false);
    expect(phoneOk(`1${'2'.repeat(10)}`)).toBe(false);
    expect(first({ ...validPersonal, phoneNumber: '+0123456789' })?.message).toBe(WIZARD_MESSAGES.phone);
  });

  it('keeps the record rules: a passport series must be two letters', () => {
    expect(first({ ...validPersonal, passportSeries: 'A1' })?.message).toBe('validation.passport');
  });
});

describe('countPersonalCompleted', () => {
  it('counts 12 for a complete step and 0 for an empty one', () => {
    expect(countPersonalCompleted(validPersonal)).toBe(12);
    expect(countPersonalCompleted({})).toBe(0);
  });
  it('does not count the optional middle name', () => {
    expect(countPersonalCompleted({ middleName: 'Bek' })).toBe(0);
  });
  it('counts the passport as one item that needs both parts', () => {
    expect(countPersonalCompleted({ ...validPersonal, passportNumber: '' })).toBe(11);
    expect(countPersonalCompleted({ passportSeries: 'AB', passportNumber: '1234567' })).toBe(1);
  });
  it('does not count an invalid value', () => {
    expect(countPersonalCompleted({ ...validPersonal, email: 'nope', phoneNumber: '+0' })).toBe(10);
  });
});

describe('ZPersonalStep messages', () => {
  it('are message keys even for values of the wrong type', () => {
    const wrong = Object.fromEntries(PERSONAL_FIELD_ORDER.map((k) => [k, { nested: true }]));
    const issues = ZPersonalStep.safeParse(wrong).error?.issues ?? [];
    expect(issues.length).toBeGreaterThan(12);
    for (const issue of issues)
      expect(issue.message, issue.path.join('.')).toMatch(/^(wizard|validation)\.\w+/);
    expect(issues[0]).toMatchObject({
      message: WIZARD_MESSAGES.invalid,
      params: { field: 'wizard.fields.firstName' },
    });
  });
});

describe('ZPersonalStep types', () => {
  it('outputs the record field types', () => {
    expectTypeOf<TPersonalStep['firstName']>().toEqualTypeOf<string>();
    expectTypeOf<TPersonalStep['middleName']>().toEqualTypeOf<string | null>();
    expectTypeOf<TPersonalStep['country']>().toEqualTypeOf<number>();
    expect(Object.keys(ZPersonalStep.parse(validPersonal))).toEqual(PERSONAL_FIELD_ORDER);
  });
});
