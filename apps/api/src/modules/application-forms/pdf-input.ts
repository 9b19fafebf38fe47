import type { TAppLanguage, TApplication, TChosenIntake } from '@uniapply/shared';

/** What a worker needs to render one application form: plain data, cloned into the worker. */
export type TPdfInput = {
  /** The requesting user's language (labels and enum values). */
  language: TAppLanguage;
  /** When the form was generated (ISO 8601). */
  generatedAt: string;
  /** The reader's IANA time zone for dates; DEFAULT_TIME_ZONE (Asia/Tashkent) when absent. */
  timeZone?: string;
  application: Pick<
    TApplication,
    | 'studentInfo'
    | 'guardian'
    | 'emergencyContact'
    | 'qualifications'
    | 'languages'
    | 'experiences'
    | 'documents'
    | 'otherInfo'
    | 'referees'
  >;
  /** The application's course: the submitted selection, with the catalogue's terms. */
  course: {
    universityName: string;
    courseName: string;
    duration: number;
    price: number;
    /** Index into CURRENCIES. */
    currency: number;
    submittedAt: string | null;
    /** The intake applied to (issue 21); null for a course without intakes. */
    intake: TChosenIntake | null;
  };
  /** Display names of the qualification and language files, by fileId. */
  fileNames: Record<string, string>;
  /** The passport photo's bytes as stored (checked in the worker), or null when none was uploaded. */
  photo: Uint8Array | null;
};
