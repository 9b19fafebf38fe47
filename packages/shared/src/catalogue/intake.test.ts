import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockIn } from '../format.js';
import {
  deadlineZones,
  intakeState,
  latestSafeDate,
  UNIVERSITY_TIME_ZONE,
  ZCourseChoice,
  ZIntakeInput,
} from './intake.js';

const intake = {
  universityCourseId: 1,
  startDate: '2027-09-13',
  // 31 May 2027, 23:59 in Kuala Lumpur (UTC+8).
  applicationDeadline: '2027-05-31T15:59:00.000Z',
  lateDeadline: '2027-06-15T15:59:00.000Z',
  acceptanceDeadline: '2027-07-31T15:59:00.000Z',
  seatCap: 2,
  open: true,
};

describe('intakes', () => {
  it('a deadline entered as Malaysia’s wall clock is the UTC instant, and reads back the same', () => {
    expect(instantOfWallClock('2027-05-31T23:59', UNIVERSITY_TIME_ZONE)).toBe('2027-05-31T15:59:00.000Z');
    expect(wallClockIn('2027-05-31T15:59:00.000Z', UNIVERSITY_TIME_ZONE)).toBe('2027-05-31T23:59');
    expect(wallClockIn('2027-05-31T15:59:00.000Z', 'Asia/Tashkent')).toBe('2027-05-31T20:59');
    // A zone with summer time: Berlin on the day clocks go forward (CEST from 02:00 → 03:00).
    expect(instantOfWallClock('2027-03-28T12:00', 'Europe/Berlin')).toBe('2027-03-28T10:00:00.000Z');
    expect(instantOfWallClock('2027-02-30T10:00', UNIVERSITY_TIME_ZONE)).toBeNull();
    expect(instantOfWallClock('tomorrow', UNIVERSITY_TIME_ZONE)).toBeNull();
  });

  it('the state moves with the clock at the edges of both deadlines, and with the seats taken', () => {
    const at = (iso: string) => new Date(iso);
    expect(intakeState(intake, at('2027-05-31T15:59:00.000Z'), 0)).toBe('open');
    expect(intakeState(intake, at('2027-05-31T15:59:00.001Z'), 0)).toBe('late');
    expect(intakeState(intake, at('2027-06-15T15:59:00.000Z'), 0)).toBe('late');
    expect(intakeState(intake, at('2027-06-15T15:59:00.001Z'), 0)).toBe('past');
    expect(intakeState({ ...intake, lateDeadline: null }, at('2027-06-01T00:00:00Z'), 0)).toBe('past');
    expect(intakeState(intake, at('2027-05-01T00:00:00Z'), 2)).toBe('full');
    expect(intakeState({ ...intake, seatCap: null }, at('2027-05-01T00:00:00Z'), 500)).toBe('open');
    expect(intakeState({ ...intake, open: false }, at('2027-05-01T00:00:00Z'), 0)).toBe('closed');
  });

  it('the latest safe date is the lead time before the start, never after the deadline’s day', () => {
    expect(latestSafeDate(intake, 8)).toBe('2027-05-31');
    expect(latestSafeDate(intake, 16)).toBe('2027-05-24');
    expect(latestSafeDate({ ...intake, startDate: '2027-10-04' }, 8)).toBe('2027-05-31');
    expect(latestSafeDate({ ...intake, startDate: '2027-07-12' }, 8)).toBe('2027-05-17');
  });

  it('zones: Malaysia always, Tashkent for applicants, the reader’s own when it differs', () => {
    expect(deadlineZones(false)).toEqual(['Asia/Kuala_Lumpur']);
    expect(deadlineZones(true, 'Asia/Tashkent')).toEqual(['Asia/Kuala_Lumpur', 'Asia/Tashkent']);
    expect(deadlineZones(true, 'Europe/London')).toEqual([
      'Asia/Kuala_Lumpur',
      'Asia/Tashkent',
      'Europe/London',
    ]);
  });

  it('the course step accepts a bare id (no intake) or a course with its intake', () => {
    expect(ZCourseChoice.parse(7)).toEqual({ universityCourseId: 7, intakeId: null });
    expect(ZCourseChoice.parse({ universityCourseId: 7, intakeId: 3 })).toEqual({
      universityCourseId: 7,
      intakeId: 3,
    });
    expect(ZCourseChoice.safeParse({ universityCourseId: 0 }).success).toBe(false);
  });

  it('an intake’s late deadline must come after its deadline; instants are kept as UTC', () => {
    const parsed = ZIntakeInput.parse({ ...intake, applicationDeadline: '2027-05-31T23:59:00+08:00' });
    expect(parsed.applicationDeadline).toBe('2027-05-31T15:59:00.000Z');
    const bad = ZIntakeInput.safeParse({ ...intake, lateDeadline: '2027-05-30T00:00:00Z' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.lateBeforeDeadline');
  });
});
