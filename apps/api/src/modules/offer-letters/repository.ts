import {
  applicationFullName,
  LANGUAGES,
  showsUnconditional,
  type TAppLanguage,
  type TOffer,
  type TOfferLetterTemplate,
} from '@uniapply/shared';
import { eq, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client.js';
import {
  courses,
  files,
  intakes,
  offerLetterTemplates,
  offers,
  studentCourses,
  studentInfos,
  universities,
  universityCourses,
  users,
} from '../../db/schema/index.js';
import { catalogueLanguage } from '../../i18n/catalogues.js';
import { DEFAULT_LETTER_TEMPLATES } from './defaults.js';
import type { TLetterFacts } from './letter-values.js';

// Data access of the offer letter (issue 22 item 3): the templates per language (a language never
// saved reads its built-in text) and what one application's letter says. Callers check the
// application's scope first (application-status's requireApplication).

const iso = (v: string) => new Date(v).toISOString();

/** The three templates, in LANGUAGES order; `updatedAt` null: the built-in text, never saved. */
export async function listTemplates(tx: TDbOrTx): Promise<TOfferLetterTemplate[]> {
  const rows = await tx.select().from(offerLetterTemplates);
  return LANGUAGES.map((language) => {
    const row = rows.find((r) => r.language === language);
    return row
      ? { language, body: row.body, updatedAt: iso(row.updatedAt) }
      : { language, body: DEFAULT_LETTER_TEMPLATES[language], updatedAt: null };
  });
}

/** One language's template as letters use it (saved, else built in), with when it was saved. */
export async function templateOf(
  tx: TDbOrTx,
  language: TAppLanguage,
): Promise<{ body: string; updatedAt: string | null }> {
  const [row] = await tx
    .select()
    .from(offerLetterTemplates)
    .where(eq(offerLetterTemplates.language, language));
  return row
    ? { body: row.body, updatedAt: iso(row.updatedAt) }
    : { body: DEFAULT_LETTER_TEMPLATES[language], updatedAt: null };
}

export async function saveTemplate(
  tx: TDbOrTx,
  input: { language: TAppLanguage; body: string },
  by: number,
  now: Date,
): Promise<TOfferLetterTemplate> {
  const at = now.toISOString();
  await tx
    .insert(offerLetterTemplates)
    .values({ language: input.language, body: input.body, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({
      target: offerLetterTemplates.language,
      set: { body: input.body, updatedBy: by, updatedAt: at },
    });
  return { language: input.language, body: input.body, updatedAt: at };
}

/**
 * What one application's letter says, its language (the owning account's, decisions.md), the
 * student (whose file the letter is) and the stored letter: null when the application has no offer.
 */
export async function letterSubject(tx: TDbOrTx, offer: TOffer) {
  const [row] = await tx
    .select({
      studentId: studentCourses.studentId,
      firstName: studentInfos.firstName,
      middleName: studentInfos.middleName,
      lastName: studentInfos.lastName,
      passportSeries: studentInfos.passportSeries,
      passportNumber: studentInfos.passportNumber,
      ownerLanguage: users.appLanguage,
      university: universities.name,
      course: courses.name,
      intakeStart: intakes.startDate,
    })
    .from(studentCourses)
    .innerJoin(studentInfos, eq(studentInfos.id, studentCourses.studentId))
    .innerJoin(users, eq(users.id, studentInfos.userId))
    .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
    .innerJoin(universities, eq(universities.id, universityCourses.universityId))
    .innerJoin(courses, eq(courses.id, universityCourses.courseId))
    .innerJoin(offers, eq(offers.studentCourseId, studentCourses.id))
    // The offer's intake; the application's own when the offer names none.
    .leftJoin(intakes, eq(intakes.id, sql`coalesce(${offers.intakeId}, ${studentCourses.intakeId})`))
    .where(eq(studentCourses.id, offer.studentCourseId));
  if (!row) return null;
  const facts: TLetterFacts = {
    applicantName: applicationFullName(row),
    passportNumber: `${row.passportSeries} ${row.passportNumber}`.trim(),
    course: row.course,
    university: row.university,
    intakeStart: row.intakeStart,
    fees: offer.fees,
    unconditional: showsUnconditional(offer),
    conditions: offer.conditions.map((c) => ({ kind: c.kind, text: c.text, met: c.state === 'met' })),
    answerBy: offer.answerBy,
    offerDate: offer.updatedAt,
  };
  return { studentId: row.studentId, language: catalogueLanguage(row.ownerLanguage), facts };
}

/** The stored letter's file, if it is still a live file of the student (not released). */
export async function storedLetter(tx: TDbOrTx, fileId: string | null, studentId: number) {
  if (!fileId) return null;
  const [row] = await tx.select().from(files).where(eq(files.id, fileId));
  return row && row.studentId === studentId ? row : null;
}
