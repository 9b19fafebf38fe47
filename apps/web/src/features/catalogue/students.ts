import { COUNTRIES, GENDERS } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, type TRenderContext, type TRow } from '../../components/crud/define';
import { FIRST_NAME_FILTER, PASSPORT, STUDENT_NAMES } from './shared-fields';

const enumLabel =
  (list: readonly string[], group: string, field: string) =>
  (row: TRow, { t }: TRenderContext) => {
    const key = list[Number(row[field])];
    return key ? t(`enums:${group}.${key}`) : '';
  };

/**
 * Spec 2.3 Student (admin): a read-only list with details. Students are created by themselves or
 * their agent, so there is no Add or Edit here; Delete asks first.
 */
export const students = defineCrud({
  base: 'StudentInfo',
  title: 'catalogue.student.title',
  filter: FIRST_NAME_FILTER,
  personal: true,
  columns: [...STUDENT_NAMES, PASSPORT, { path: 'email' }],
  actions: { add: false, edit: false },
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
