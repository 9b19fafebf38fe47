import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WIZARD_MESSAGES } from './messages.js';
import {
  countPassingItems,
  firstStepIssue,
  optionalField,
  requiredField,
  sortIssuesByForm,
} from './step-fields.js';

const ZName = requiredField('firstName', z.string().trim().max(3, 'validation.tooLong'));

describe('requiredField', () => {
  it('gives fillIn with the field key for a blank value, before the inner rule runs', () => {
    expect(ZName.safeParse('   ').error?.issues).toEqual([
      expect.objectContaining({
        message: WIZARD_MESSAGES.fillIn,
        params: { field: 'wizard.fields.firstName' },
      }),
    ]);
  });
  it("keeps the inner rule's key and output", () => {
    expect(ZName.safeParse('Abcd').error?.issues.map((i) => i.message)).toEqual(['validation.tooLong']);
    expect(ZName.parse(' Ali ')).toBe('Ali');
  });
  it('takes another blank message', () => {
    const ZCert = requiredField('certificate', z.string(), WIZARD_MESSAGES.certificate);
    expect(ZCert.safeParse(null).error?.issues[0]?.message).toBe(WIZARD_MESSAGES.certificate);
  });
});

describe('optionalField', () => {
  it('lets the inner schema decide about blanks, also for a missing key', () => {
    const ZObj = z.object({
      middleName: optionalField(
        'middleName',
        z
          .string()
          .nullish()
          .transform((v) => v || null),
      ),
    });
    expect(ZObj.parse({})).toEqual({ middleName: null });
    expect(ZObj.safeParse({ middleName: 3 }).error?.issues[0]).toMatchObject({
      message: WIZARD_MESSAGES.invalid,
      params: { field: 'wizard.fields.middleName' },
    });
  });
});

describe('form order', () => {
  const ZForm = z
    .object({ a: requiredField('firstName', z.string()), b: requiredField('lastName', z.string()) })
    .superRefine((_, ctx) =>
      ctx.addIssue({ code: 'custom', path: ['a'], message: 'wizard.validation.invalid' }),
    );
  it('sorts issues by the field order, keeping the order within a field', () => {
    const issues = ZForm.safeParse({}).error?.issues ?? [];
    expect(sortIssuesByForm(issues, ['b', 'a']).map((i) => i.path[0])).toEqual(['b', 'a', 'a']);
    expect(firstStepIssue(ZForm, {}, ['a', 'b'])?.message).toBe(WIZARD_MESSAGES.fillIn);
  });
  it('counts items none of whose keys has an issue', () => {
    expect(countPassingItems(ZForm, { a: 'x', b: 'y' }, { a: ['a'], b: ['b'], both: ['a', 'b'] })).toBe(1);
  });
});
