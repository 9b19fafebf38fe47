import { z } from 'zod';
import { ZChosenIntake } from '../catalogue/intake-display.js';
import { ZNamed } from '../catalogue/named.js';
import { CURRENCIES } from '../enums.js';
import { zId, zIndex } from '../fields.js';
import { ZEmergencyContact, ZGuardian } from '../students/contacts.js';
import { ZExperience, ZLanguage, ZOtherInfo, ZQualification } from '../students/records.js';
import { ZReferee } from '../students/referees.js';
import { ZStudentInfo } from '../students/student-info.js';
import { ZApplicationStatus } from './status.js';

// The Application Form screen (spec 2.3, spec 3 "Application form record", DESIGN 6): one row per
// submitted student course; its id is the student course id.

type TNames = { firstName: string; middleName?: string | null; lastName: string };

/** '{first} {middle} {last}', without a double space when there is no middle name. */
export function applicationFullName({ firstName, middleName, lastName }: TNames): string {
  return [firstName, middleName, lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** Spec 2.3: the application PDF is saved as '{first} {middle} {last} Application Form.pdf'. */
export function applicationFormFileName(studentInfo: TNames): string {
  return `${applicationFullName(studentInfo)} Application Form.pdf`;
}

/** A row of `POST /ApplicationForm/getListByPage`. */
export const ZApplicationFormRow = z.object({
  /** The student course id (also `studentCourseId`). */
  id: zId,
  studentCourseId: zId,
  studentId: zId,
  fullName: z.string(),
  studentInfo: z.object({ firstName: z.string(), middleName: z.string().nullable(), lastName: z.string() }),
  email: z.string(),
  university: ZNamed,
  universityId: zId,
  course: ZNamed,
  universityCourseId: zId,
  submittedAt: z.string().nullable(),
  /** The application's current status (issue 12); filterable as `status` (EQ). */
  status: ZApplicationStatus,
});
export type TApplicationFormRow = z.infer<typeof ZApplicationFormRow>;

/** A stored file as the detail shows it: the opaque id for downloads and its display name. */
export const ZFileRef = z.object({ fileId: z.string(), name: z.string() });
export type TFileRef = z.infer<typeof ZFileRef>;

/** `GET /ApplicationForm/{id}`: the whole application behind one submitted course (spec 3). */
export const ZApplicationForm = z.object({
  id: zId,
  studentCourseId: zId,
  studentId: zId,
  submittedAt: z.string().nullable(),
  studentInfo: ZStudentInfo,
  guardian: ZGuardian.nullable(),
  emergencyContact: ZEmergencyContact.nullable(),
  otherInfo: ZOtherInfo.nullable(),
  qualifications: z.array(
    ZQualification.extend({ certFile: ZFileRef.nullable(), transcriptFile: ZFileRef.nullable() }),
  ),
  languages: z.array(ZLanguage.extend({ certFile: ZFileRef.nullable() })),
  experiences: z.array(ZExperience),
  /** Step 8's referees (issue 21 item 4). */
  referees: z.array(ZReferee),
  documents: z.array(
    z.object({
      id: zId,
      documentTypeId: zId,
      documentType: z.string(),
      /** The stored file's id (`/Document/downloadByFileId/{fileId}`); null when missing. */
      fileId: z.string().nullable(),
      fileName: z.string().nullable(),
    }),
  ),
  university: ZNamed,
  course: ZNamed,
  universityCourseId: zId,
  /** The intake applied to (issue 21); null for a course without intakes. */
  intake: ZChosenIntake.nullable(),
  /** From the catalogue's university course, read-only here. */
  duration: z.number(),
  price: z.number(),
  currency: zIndex(0, CURRENCIES.length - 1),
});
export type TApplicationForm = z.infer<typeof ZApplicationForm>;

/**
 * Add (`POST /ApplicationForm/add`, admins): a new submitted course application for an existing
 * student; update (`POST /ApplicationForm/update` with the row's id): the application's course.
 * The catalogue is never written (duration and price are the chosen course's).
 */
export const ZApplicationFormInput = z.object({ studentId: zId, universityCourseId: zId });
export type TApplicationFormInput = z.infer<typeof ZApplicationFormInput>;
export const ZApplicationFormUpdate = z.object({ id: zId, universityCourseId: zId });
export type TApplicationFormUpdate = z.infer<typeof ZApplicationFormUpdate>;
