import { describe, expect, it } from 'vitest';
import { ZPersonalStep } from './application/personal-step.js';
import { ZContactMessageInput, ZProfileNames } from './people.js';
import { ZStudentInfoInput } from './students/student-info.js';
import { issueMessage, maxLengthOf } from './text-limits.js';

// Issue 18 item 5: the web reads a field's limit from the one schema, and a too-long text names it.

describe('maxLengthOf', () => {
  it('reads the max of required and optional texts through their wrappers', () => {
    expect(maxLengthOf(ZProfileNames, 'lastName')).toBe(100);
    expect(maxLengthOf(ZContactMessageInput, 'email')).toBe(254);
  });

  it('is undefined for what is not a text or not there', () => {
    expect(maxLengthOf(ZProfileNames, 'nothing')).toBeUndefined();
  });

  it('finds the wizard step’s limits (a guard piped into the record’s own field)', () => {
    expect(maxLengthOf(ZPersonalStep, 'firstName')).toBe(maxLengthOf(ZStudentInfoInput, 'firstName'));
    expect(maxLengthOf(ZPersonalStep, 'middleName')).toBe(maxLengthOf(ZStudentInfoInput, 'middleName'));
    expect(maxLengthOf(ZPersonalStep, 'firstName')).toBeGreaterThan(0);
  });

  it('a wizard step’s too-long text names its limit and its field', () => {
    const max = maxLengthOf(ZPersonalStep, 'city')!;
    const result = ZPersonalStep.safeParse({ city: 'x'.repeat(max + 1) });
    const issue = result.error!.issues.find((i) => i.path[0] === 'city') as {
      message: string;
      params?: object;
    };
    expect(issue.message).toBe('validation.tooLong');
    expect(issue.params).toMatchObject({ max, count: max });
  });
});

describe('issueMessage', () => {
  it('a too-long text says its limit', () => {
    const result = ZProfileNames.safeParse({ firstName: 'A', lastName: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === 'lastName')!;
    expect(issueMessage(issue)).toEqual({ message: 'validation.tooLong', params: { max: 100, count: 100 } });
  });

  it('other issues keep their key and params', () => {
    expect(issueMessage({ message: 'validation.required', params: { field: 'x' } })).toEqual({
      message: 'validation.required',
      params: { field: 'x' },
    });
  });
});
