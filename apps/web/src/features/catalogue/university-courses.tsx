import { IconCalendarTime } from '@tabler/icons-react';
import { CURRENCIES, formatMoney, REQUIRED_LANGUAGES, ZUniversityCourseInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, ownSaveRoutes, type TRenderContext, type TRow } from '../../components/crud/define';
import { COURSES, UNIVERSITIES } from './shared-fields';

const priceWithCurrency = (row: TRow, { language }: TRenderContext) =>
  formatMoney(Number(row.price), CURRENCIES[Number(row.currency)], language);

/** Spec 2.3 University's Course Maintenance: the grid filters on course.name. */
export const universityCourses = defineCrud({
  base: 'UniversityCourse',
  title: 'catalogue.universityCourse.title',
  addTitle: 'catalogue.universityCourse.add',
  editTitle: 'catalogue.universityCourse.edit',
  filter: { field: 'course.name', operator: 'CONTAINS' },
  columns: [
    { path: 'university.name', label: 'catalogue.fields.university', width: 2 },
    { path: 'course.name', label: 'catalogue.fields.course', width: 2 },
    {
      path: 'duration',
      render: (row, { t }) => t('catalogue:months', { count: Number(row.duration) }),
    },
    { path: 'price', render: priceWithCurrency },
  ],
  schema: ZUniversityCourseInput,
  form: [
    { name: 'universityId', kind: 'picklist', label: 'catalogue.fields.university', picklist: UNIVERSITIES },
    { name: 'courseId', kind: 'picklist', label: 'catalogue.fields.course', picklist: COURSES },
    { name: 'duration', kind: 'number', unit: 'catalogue.fields.monthsUnit' },
    { name: 'price', kind: 'number' },
    {
      name: 'currency',
      kind: 'select',
      defaultValue: 0,
      options: CURRENCIES.map((code, index) => ({ value: index, label: `enums.currencies.${code}` })),
    },
    {
      name: 'requiredLanguageId',
      kind: 'select',
      defaultValue: -1,
      options: REQUIRED_LANGUAGES.map(({ value, key }) => ({
        value,
        label: `enums.requiredLanguages.${key}`,
      })),
    },
    { name: 'requiredScore', kind: 'number' },
    { name: 'website', kind: 'url' },
    { name: 'youtube', kind: 'url' },
  ],
  save: ownSaveRoutes('AddUniversityCourse', 'UpdateUniversityCourse'),
  // Issue 21: each course's intakes, on their own screen with the course chosen in the address.
  rowActions: [
    {
      label: 'catalogue.universityCourse.intakes',
      icon: <IconCalendarTime size={18} aria-hidden />,
      to: (row) => `/Admin/Intakes?${new URLSearchParams({ course: String(row.id) })}`,
    },
  ],
});
export const UniversityCoursesPage = crudPage(universityCourses);
