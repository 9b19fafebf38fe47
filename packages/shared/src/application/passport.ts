import { splitPassport } from '../students/student-info.js';

/** Spec 5: the first two characters become the uppercased series, the rest keeps its digits only. */
export function normalizePassport(input: string): { passportSeries: string; passportNumber: string } {
  return splitPassport(input);
}

/** The review's display: series then number, joined (spec 2.5). */
export function joinPassport(value: {
  passportSeries?: string | null;
  passportNumber?: string | null;
}): string {
  return `${value.passportSeries ?? ''}${value.passportNumber ?? ''}`;
}
