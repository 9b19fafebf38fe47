import {
  MAX_PAGE_SIZE,
  type TApplicationForm,
  type TApplicationFormRow,
  type TPagedResult,
  type TUniversityCourse,
} from '@uniapply/shared';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/resources';

// The application forms area's one API module (issue 19 item 3). Its keys sit under the
// resources' keys, so a save on the maintenance screen refreshes them too.

export const applicationFormKeys = {
  detail: (id: number) => ['resource', 'ApplicationForm', 'detail', id] as const,
  ofStudent: (studentId: number) => [...resourceKeys.lists('ApplicationForm'), 'student', studentId] as const,
  coursesOf: (universityId: number | undefined) =>
    [...resourceKeys.all('UniversityCourse'), 'byUniversity', universityId] as const,
};

export const fetchApplicationForm = (id: number, signal?: AbortSignal) =>
  api.get<TApplicationForm>(`/ApplicationForm/${id}`, { signal });

/** A student's submitted applications (at most a page's worth: a student has a handful). */
export const fetchStudentApplicationForms = (studentId: number, signal?: AbortSignal) =>
  api.post<TPagedResult<TApplicationFormRow>>(
    '/ApplicationForm/getListByPage',
    {
      filter: {
        operator: 'AND',
        conditions: [{ field: 'studentId', operator: 'EQ', value: studentId }],
        groups: [],
      },
      page: 0,
      pageSize: MAX_PAGE_SIZE,
    },
    { signal },
  );

/** The catalogue courses of one university (`UniversityCourse/findAsync`, university.id EQ). */
export const fetchUniversityCourses = (universityId: number | undefined, signal?: AbortSignal) =>
  api.post<TUniversityCourse[]>(
    '/UniversityCourse/findAsync',
    {
      operator: 'AND',
      conditions: [{ field: 'university.id', operator: 'EQ', value: universityId }],
      groups: [],
    },
    { signal },
  );
