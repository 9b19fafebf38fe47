import { ZStudentCourse, ZStudentCourseInput } from '@uniapply/shared';
import {
  courseCategories,
  courseLevels,
  courses,
  studentCourses,
  universities,
  universityCourses,
} from '../../db/schema/index.js';
import { defineResource, field } from '../define.js';
import { studentInfoJoin } from './child.js';
import { universityCourseJoins } from './university-course.js';

/** A student's chosen university course, returned with the course it names. */
export const studentCourseResource = defineResource({
  base: 'StudentCourse',
  label: 'student course selection',
  table: studentCourses,
  scope: 'child',
  input: ZStudentCourseInput,
  output: ZStudentCourse,
  joins: {
    ...studentInfoJoin(studentCourses.studentId).joins,
    universityCourse: {
      table: universityCourses,
      via: studentCourses.universityCourseId,
    },
    ...universityCourseJoins('universityCourse'),
  },
  select: {
    id: studentCourses.id,
    studentId: studentCourses.studentId,
    universityCourseId: studentCourses.universityCourseId,
    intakeId: studentCourses.intakeId,
    submittedAt: studentCourses.submittedAt,
    universityCourse: {
      id: universityCourses.id,
      duration: universityCourses.duration,
      price: universityCourses.price,
      currency: universityCourses.currency,
      requiredLanguageId: universityCourses.requiredLanguageId,
      requiredScore: universityCourses.requiredScore,
      university: { id: universities.id, name: universities.name },
      course: {
        id: courses.id,
        name: courses.name,
        level: { id: courseLevels.id, name: courseLevels.name },
        category: { id: courseCategories.id, name: courseCategories.name },
      },
    },
  },
  selectJoins: ['universityCourse', 'university', 'course', 'course.level', 'course.category'],
  fields: {
    ...studentInfoJoin(studentCourses.studentId).fields,
    'universityCourse.universityId': field(universityCourses.universityId, 'universityCourse'),
    'universityCourse.courseId': field(universityCourses.courseId, 'universityCourse'),
    'university.name': field(universities.name, 'university'),
    'course.name': field(courses.name, 'course'),
  },
  upsertBy: ['studentId', 'universityCourseId'],
});
