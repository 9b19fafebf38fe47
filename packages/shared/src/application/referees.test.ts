import { describe, expect, it } from 'vitest';
import { MAX_REFEREES, ZRefereeInput } from '../students/referees.js';
import { WIZARD_MESSAGES } from './messages.js';
import { REFEREE_FIELD_ORDER, ZRefereeEntry, ZRefereesList } from './referees.js';
import { firstStepIssue } from './step-fields.js';

const referee = {
  fullName: 'Dilnoza Toʻxtayeva',
  relationship: 'Class teacher',
  email: 'dilnoza@school.uz',
  institution: 'Tashkent Lyceum No. 1',
};
const messages = (schema: typeof ZRefereeEntry | typeof ZRefereeInput, v: unknown) =>
  schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('the referee schema (issue 21 item 4)', () => {
  it('accepts a complete referee, trimmed, in any script', () => {
    expect(ZRefereeInput.parse({ ...referee, studentId: 7, fullName: '  Алишер Навоий ' })).toEqual({
      ...referee,
      studentId: 7,
      fullName: 'Алишер Навоий',
    });
    expect(ZRefereeEntry.parse(referee)).toEqual(referee);
  });

  it('validates the email', () => {
    expect(messages(ZRefereeInput, { ...referee, studentId: 7, email: 'not-an-email' })).toEqual([
      'validation.email',
    ]);
    // The wizard words it as its other email fields do.
    expect(messages(ZRefereeEntry, { ...referee, email: 'a@b' })).toEqual([WIZARD_MESSAGES.email]);
  });

  it('limits the texts: name and institution 200 characters, relationship 100', () => {
    expect(ZRefereeEntry.safeParse({ ...referee, fullName: 'a'.repeat(200) }).success).toBe(true);
    expect(messages(ZRefereeEntry, { ...referee, fullName: 'a'.repeat(201) })).toEqual([
      'validation.tooLong',
    ]);
    expect(messages(ZRefereeEntry, { ...referee, institution: 'a'.repeat(201) })).toEqual([
      'validation.tooLong',
    ]);
    expect(messages(ZRefereeEntry, { ...referee, relationship: 'a'.repeat(101) })).toEqual([
      'validation.tooLong',
    ]);
    expect(messages(ZRefereeInput, { ...referee, studentId: 7, relationship: 'a'.repeat(101) })).toEqual([
      'validation.tooLong',
    ]);
  });

  it('asks for every field, the first blank one in form order', () => {
    const issue = firstStepIssue(
      ZRefereeEntry,
      { ...referee, fullName: '', institution: ' ' },
      REFEREE_FIELD_ORDER,
    );
    expect(issue).toMatchObject({
      path: ['fullName'],
      message: WIZARD_MESSAGES.fillIn,
      params: { field: 'wizard.fields.fullName' },
    });
    expect(messages(ZRefereeEntry, {})).toEqual(Array(4).fill(WIZARD_MESSAGES.fillIn));
    expect(REFEREE_FIELD_ORDER).toEqual(['id', 'fullName', 'relationship', 'email', 'institution']);
  });

  it('allows none, one or two referees, never three', () => {
    expect(MAX_REFEREES).toBe(2);
    expect(ZRefereesList.safeParse([]).success).toBe(true);
    expect(ZRefereesList.safeParse([referee, referee]).success).toBe(true);
    expect(messages(ZRefereesList as never, [referee, referee, referee])).toEqual(['validation.tooMany']);
  });
});
