import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings.js';
import { enteredStatusAt, nextSteps, type TStageDurations, ZStageDurations } from './next-steps.js';
import type { TStatusHistoryEntry } from './status.js';

const durations: TStageDurations = {
  depositDays: 14,
  passFiledDays: 10,
  evalIssuedDays: 45,
  enrolledDays: 30,
};
const day = (iso: string) => iso.slice(0, 10);

describe('nextSteps', () => {
  it('after acceptance: the deposit next, each later stage from the one before it', () => {
    const steps = nextSteps(
      'offerAccepted',
      '2027-01-01T08:00:00.000Z',
      durations,
      new Date('2027-01-05T00:00Z'),
    );
    expect(steps?.next).toEqual({
      stage: 'depositPaid',
      expectedAt: '2027-01-15T08:00:00.000Z',
      late: false,
    });
    expect(steps?.ahead.map((s) => [s.stage, day(s.expectedAt), s.late])).toEqual([
      ['depositPaid', '2027-01-15', false],
      ['passFiled', '2027-01-25', false],
      ['evalIssued', '2027-03-11', false],
      ['enrolled', '2027-04-10', false],
    ]);
  });

  it('counts from the date the current stage was entered (its actual date)', () => {
    const steps = nextSteps(
      'passFiled',
      '2027-02-01T00:00:00.000Z',
      durations,
      new Date('2027-02-02T00:00Z'),
    );
    expect(steps?.ahead.map((s) => [s.stage, day(s.expectedAt)])).toEqual([
      ['evalIssued', '2027-03-18'],
      ['enrolled', '2027-04-17'],
    ]);
  });

  it('a late next stage says so, and the later stages count from now, never from the past', () => {
    const now = new Date('2027-03-01T12:00:00.000Z');
    const steps = nextSteps('offerAccepted', '2027-01-01T00:00:00.000Z', durations, now);
    expect(steps?.next).toEqual({ stage: 'depositPaid', expectedAt: '2027-01-15T00:00:00.000Z', late: true });
    expect(steps?.ahead.slice(1).map((s) => [s.stage, s.expectedAt, s.late])).toEqual([
      ['passFiled', '2027-03-11T12:00:00.000Z', false],
      ['evalIssued', '2027-04-25T12:00:00.000Z', false],
      ['enrolled', '2027-05-25T12:00:00.000Z', false],
    ]);
    for (const s of steps?.ahead.slice(1) ?? [])
      expect(Date.parse(s.expectedAt)).toBeGreaterThan(now.getTime());
  });

  it('enrolled: nothing ahead; before acceptance or off the way: null', () => {
    expect(nextSteps('enrolled', '2027-01-01T00:00Z', durations, new Date())).toEqual({
      next: null,
      ahead: [],
    });
    for (const s of [
      'submitted',
      'conditionalOffer',
      'withdrawn',
      'conditionsNotMet',
      'offerDeclined',
    ] as const)
      expect(nextSteps(s, '2027-01-01T00:00Z', durations, new Date())).toBeNull();
    expect(nextSteps('offerAccepted', '', durations, new Date())).toBeNull();
  });

  it('the Settings defaults are the durations every reader gets', () => {
    expect(ZStageDurations.parse({})).toEqual({
      depositDays: DEFAULT_SETTINGS.depositDays,
      passFiledDays: DEFAULT_SETTINGS.passFiledDays,
      evalIssuedDays: DEFAULT_SETTINGS.evalIssuedDays,
      enrolledDays: DEFAULT_SETTINGS.enrolledDays,
    });
    expect(DEFAULT_SETTINGS).toMatchObject({
      depositDays: 14,
      passFiledDays: 14,
      evalIssuedDays: 45,
      enrolledDays: 30,
    });
  });
});

describe('enteredStatusAt', () => {
  const entry = (
    id: number,
    from: string | null,
    to: string,
    at: string,
    extra: Partial<TStatusHistoryEntry> = {},
  ) => ({ id, from, to, at, undoes: null, undone: false, ...extra }) as TStatusHistoryEntry;

  it('the newest move into the status', () => {
    const history = [
      entry(1, null, 'submitted', '2026-10-01T00:00Z'),
      entry(2, 'unconditionalOffer', 'offerAccepted', '2026-12-01T00:00Z'),
    ];
    expect(enteredStatusAt(history, 'offerAccepted', 'fallback')).toBe('2026-12-01T00:00Z');
  });

  it('an undo back into the status keeps the original date; a deferral is no entry', () => {
    const history = [
      entry(2, 'unconditionalOffer', 'offerAccepted', '2026-12-01T00:00Z'),
      entry(3, 'offerAccepted', 'depositPaid', '2026-12-05T00:00Z', { undone: true }),
      entry(4, 'depositPaid', 'offerAccepted', '2026-12-06T00:00Z', { undoes: 3 }),
      entry(5, 'offerAccepted', 'offerAccepted', '2026-12-07T00:00Z'),
    ];
    expect(enteredStatusAt(history, 'offerAccepted', 'fallback')).toBe('2026-12-01T00:00Z');
  });

  it('no entry: the fallback', () => {
    expect(enteredStatusAt([], 'depositPaid', '2026-12-09T00:00Z')).toBe('2026-12-09T00:00Z');
  });
});
