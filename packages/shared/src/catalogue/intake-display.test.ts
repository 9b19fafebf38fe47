import { describe, expect, it } from 'vitest';
import {
  deadlineLines,
  deadlineText,
  intakesByCourse,
  nextChoosable,
  ZIntakeAvailabilityQuery,
} from './intake-display.js';

const t = (key: string, params?: Record<string, unknown>) =>
  key === 'common:timeZones.other' ? `your time (${params?.zone})` : key.replace('common:timeZones.', '');

describe('deadlineLines (issue 21)', () => {
  it("shows Malaysia's time, Tashkent's for applicants, and the reader's own when it is neither", () => {
    const at = '2027-03-01T15:59:00.000Z';
    expect(
      deadlineLines(at, 'en', t, { readerZone: 'Asia/Tashkent' }).map((l) => `${l.time} ${l.zoneName}`),
    ).toEqual(['1 Mar 2027, 23:59 Asia/Kuala_Lumpur', '1 Mar 2027, 20:59 Asia/Tashkent']);
    expect(
      deadlineLines(at, 'uz', t, { forApplicant: false, readerZone: 'Europe/London' }).map((l) => l.time),
    ).toEqual(['1-mart, 2027, 23:59', '1-mart, 2027, 15:59']);
    expect(deadlineText(at, 'en', t, { readerZone: 'America/New_York' })).toBe(
      '1 Mar 2027, 23:59 (Asia/Kuala_Lumpur)\n1 Mar 2027, 20:59 (Asia/Tashkent)\n1 Mar 2027, 10:59 (your time (America/New_York))',
    );
  });

  it('reads the availability query and groups an answer by course', () => {
    expect(ZIntakeAvailabilityQuery.parse({ universityCourseIds: '3,1,3' }).universityCourseIds).toEqual([
      3, 1,
    ]);
    for (const bad of ['', '0', '1,', 'a', '01'])
      expect(ZIntakeAvailabilityQuery.safeParse({ universityCourseIds: bad }).success).toBe(false);
    const a = { universityCourseId: 1, state: 'past' } as never;
    const b = { universityCourseId: 1, state: 'late' } as never;
    const grouped = intakesByCourse([a, b]);
    expect(grouped.get(1)).toEqual([a, b]);
    expect(nextChoosable(grouped.get(1))).toBe(b);
  });
});
