import { FORM_STEPS, isSubmitted, stepsCompleted } from '@uniapply/shared';
import type { TDisplayField, TPicklist, TRenderContext, TRow } from '../../components/crud/define';
import { translateKey } from '../../lib/i18n';

// Pieces several catalogue and people definitions use.

/** Spec 7.2: the maintenance screens filter on name with CONTAINS by default. */
export const NAME_FILTER = { field: 'name', operator: 'CONTAINS' } as const;
export const FIRST_NAME_FILTER = { field: 'firstName', operator: 'CONTAINS' } as const;

export const LEVELS: TPicklist = { base: 'CourseLevel', failure: 'crud.alerts.picklist.levels' };
export const CATEGORIES: TPicklist = { base: 'CourseCategory', failure: 'crud.alerts.picklist.categories' };
export const UNIVERSITIES: TPicklist = { base: 'University', failure: 'crud.alerts.picklist.universities' };
export const COURSES: TPicklist = {
  base: 'Course',
  failure: 'crud.alerts.picklist.courses',
  // The same course name exists at several levels (Computing, Bachelor / Master).
  optionLabel: (row) => `${row.name} (${(row.level as { name?: string } | null)?.name ?? ''})`,
};

type TOfferRow = { university?: { name?: string }; course?: { name?: string; level?: { name?: string } } };

/** 'Asia Pacific University — Bachelor of Computer Science (Bachelor's Degree)'. */
export const offerName = (row: unknown) => {
  const { university, course } = (row ?? {}) as TOfferRow;
  return `${university?.name ?? ''} — ${course?.name ?? ''} (${course?.level?.name ?? ''})`;
};

/** A university's course, named with its university and level (an intake's course). */
export const UNIVERSITY_COURSES: TPicklist = {
  base: 'UniversityCourse',
  failure: 'crud.alerts.picklist.universityCourses',
  optionLabel: offerName,
};

/** Series and number together, as on the document. */
export const PASSPORT: TDisplayField = {
  path: 'passport',
  render: (row) => `${row.passportSeries ?? ''}${row.passportNumber ?? ''}`,
};

export const STUDENT_NAMES: TDisplayField[] = [
  { path: 'firstName' },
  { path: 'middleName' },
  { path: 'lastName' },
];

/** The Progress column (DESIGN 6): 'N of 10' from the stored stage, 'Submitted' once confirmed. */
export function progressLabel(row: TRow, { t }: TRenderContext): string {
  const step = typeof row.step === 'number' ? row.step : null;
  if (isSubmitted(step)) return translateKey(t, 'dashboard.agent.submitted');
  return translateKey(t, 'dashboard.agent.progress', { done: stepsCompleted(step), total: FORM_STEPS });
}

/** The student list's progress, from the `step` the StudentInfo list returns with each row. */
export const PROGRESS: TDisplayField = {
  path: 'step',
  label: 'dashboard.agent.progressColumn',
  render: progressLabel,
};
