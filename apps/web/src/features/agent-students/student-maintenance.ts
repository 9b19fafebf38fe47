import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud } from '../../components/crud/define';
import { FIRST_NAME_FILTER, PASSPORT, STUDENT_NAMES } from '../catalogue/shared-fields';

/**
 * Spec 2.3 Student Maintenance (agent). The server lists only the agent's own students. Add and
 * Edit open the form page, with the student id in the address (DESIGN 6).
 */
export const agentStudents = defineCrud({
  base: 'StudentInfo',
  title: 'catalogue.student.title',
  filter: FIRST_NAME_FILTER,
  personal: true,
  columns: [{ path: 'email' }, ...STUDENT_NAMES, PASSPORT, { path: 'phoneNumber' }],
  formPage: { path: '/Agent/Students/FormPage', idParam: 'studentId' },
});
export const AgentStudentsPage = crudPage(agentStudents);
