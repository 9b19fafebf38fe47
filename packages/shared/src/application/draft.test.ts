import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_BYTES, draftBytes, ZDraft, ZDraftQuery } from './draft.js';
import { WIZARD_MESSAGES } from './messages.js';

const ofBytes = (n: number) => {
  const base = draftBytes({ t: '' });
  return { t: 'a'.repeat(n - base) };
};

describe('ZDraft', () => {
  it('accepts any JSON object, even one the step schema would refuse', () => {
    const draft = { firstName: '', phoneNumber: '+0', nested: { list: [1, null, 'x', true] } };
    expect(ZDraft.parse(draft)).toEqual(draft);
  });
  it('accepts exactly 64 KB and refuses one byte more', () => {
    expect(draftBytes(ofBytes(DRAFT_MAX_BYTES))).toBe(DRAFT_MAX_BYTES);
    expect(ZDraft.safeParse(ofBytes(DRAFT_MAX_BYTES)).success).toBe(true);
    const issues = ZDraft.safeParse(ofBytes(DRAFT_MAX_BYTES + 1)).error?.issues;
    expect(issues?.map((i) => i.message)).toEqual([WIZARD_MESSAGES.draftTooLarge]);
  });
  it('counts bytes, not characters: Cyrillic text takes two bytes a letter', () => {
    const letters = DRAFT_MAX_BYTES / 2;
    expect(ZDraft.safeParse({ t: 'я'.repeat(letters) }).success).toBe(false);
    expect(ZDraft.safeParse({ t: 'я'.repeat(letters - 10) }).success).toBe(true);
  });
  it('refuses arrays, strings and null', () => {
    for (const value of [[1, 2], 'draft', null]) {
      expect(ZDraft.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(
        WIZARD_MESSAGES.draftObject,
      );
    }
  });
  it('refuses values that are not JSON', () => {
    expect(ZDraft.safeParse({ when: new Date() }).success).toBe(false);
    expect(ZDraft.safeParse({ n: Number.NaN }).success).toBe(false);
  });
});

describe('ZDraftQuery', () => {
  it('takes a student and a step 1 to 10', () => {
    expect(ZDraftQuery.parse({ studentId: '12', step: '3' })).toEqual({ studentId: 12, step: 3 });
    expect(ZDraftQuery.safeParse({ studentId: '12', step: '11' }).success).toBe(false);
    expect(ZDraftQuery.safeParse({ studentId: '12', step: '0' }).success).toBe(false);
    // 0: the new profile the signed-in user is creating.
    expect(ZDraftQuery.parse({ studentId: '0', step: '1' })).toEqual({ studentId: 0, step: 1 });
    expect(ZDraftQuery.safeParse({ studentId: '-1', step: '1' }).success).toBe(false);
  });
  it("names a new profile's draft by a client-made key of 8 to 64 letters, digits, - and _", () => {
    const key = 'tab_7f3A-9c';
    expect(ZDraftQuery.parse({ studentId: '0', step: '1', draftKey: key })).toEqual({
      studentId: 0,
      step: 1,
      draftKey: key,
    });
    for (const draftKey of ['short', 'x'.repeat(65), 'has space1', 'a@example.com', '../../etc1'])
      expect(ZDraftQuery.safeParse({ studentId: '0', step: '1', draftKey }).success, draftKey).toBe(false);
  });
});
