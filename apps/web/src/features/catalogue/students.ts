import { COUNTRIES, GENDERS } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, type TRenderContext, type TRow } from '../../components/crud/define';
import { FIRST_NAME_FILTER, PASSPORT, PROGRESS, STUDENT_NAMES } from './shared-fields';

const enumLabel =
  (list: readonly string[], group: string, field: string) =>
  (row: TRow, { t }: TRenderContext) => {
    const key = list[Number(row[field])];
    return key ? t(`enums:${group}.${key}`) : '';
  };

/**
 * Spec 2.3 Student (admin): the list with details; Add and Edit open the application form page
 * with the student id in the address, like the agent's Student Maintenance (DESIGN 6: an admin may
 * create a profile it then owns). Delete asks first.
 */
export const students = defineCrud({
  base: 'StudentInfo',
  title: 'catalogue.student.title',
  filter: FIRST_NAME_FILTER,
  personal: true,
  columns: [...STUDENT_NAMES, PASSPORT, { path: 'email' }, PROGRESS],
  formPage: { path: '/Admin/Students/FormPage', idParam: 'studentId' },
  details: [
    ...STUDENT_NAMES,
    PASSPORT,
    { path: 'dateOfBirth' },
    { path: 'gender', render: enumLabel(GENDERS, 'genders', 'gender') },
    { path: 'email' },
    { path: 'phoneNumber' },
    { path: 'mobileNumber' },
    { path: 'country', render: enumLabel(COUNTRIES, 'countries', 'country') },
    { path: 'city' },
    { path: 'address' },
    { path: 'postCode' },
    { path: 'race' },
  ],
});
export const StudentsPage = crudPage(students);
