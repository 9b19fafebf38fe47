import type { TResource } from '../define.js';
import { courseResource } from './course.js';
import { courseCategoryResource } from './course-category.js';
import { courseLevelResource } from './course-level.js';
import { documentTypeResource } from './document-type.js';
import { emergencyContactResource } from './emergency-contact.js';
import { exchangeRateResource } from './exchange-rate.js';
import { experienceResource } from './experience.js';
import { intakeResource } from './intake.js';
import { languageResource } from './language.js';
import { notificationResource } from './notification.js';
import { otherInfoResource } from './other-info.js';
import { qualificationResource } from './qualification.js';
import { refereeResource } from './referee.js';
import { studentCourseResource } from './student-course.js';
import { studentGuardianResource } from './student-guardian.js';
import { studentInfoResource } from './student-info.js';
import { universityResource } from './university.js';
import { universityCourseResource } from './university-course.js';

/** Every resource base of spec 7.2, keyed by base. */
export const resources = {
  DocumentType: documentTypeResource,
  CourseCategory: courseCategoryResource,
  CourseLevel: courseLevelResource,
  Course: courseResource,
  UniversityCourse: universityCourseResource,
  University: universityResource,
  ExchangeRate: exchangeRateResource,
  Intake: intakeResource,
  StudentInfo: studentInfoResource,
  StudentGuardian: studentGuardianResource,
  EmergencyContact: emergencyContactResource,
  Experience: experienceResource,
  Language: languageResource,
  OtherInfo: otherInfoResource,
  Qualification: qualificationResource,
  Referee: refereeResource,
  StudentCourse: studentCourseResource,
  Notification: notificationResource,
} satisfies Record<string, TResource>;

export type TResourceBase = keyof typeof resources;
