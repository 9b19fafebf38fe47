import type { TDisplayField, TPicklist } from '../../components/crud/define';

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
