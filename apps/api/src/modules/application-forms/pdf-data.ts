import type { Readable } from 'node:stream';
import { DOCUMENT_TYPES, type TAppLanguage } from '@uniapply/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { courses, files, studentCourses, universities, universityCourses } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { ownsStudent, type TActor } from '../../resources/scope.js';
import type { StorageDriver } from '../../storage/driver.js';
import { readApplication } from '../application-wizard/review.js';
import type { TPdfInput } from './pdf-input.js';

// Everything the application PDF shows, read in one transaction, with the caller's scope checked
// first: a missing, unsubmitted or another owner's application form is the same 404.

const PASSPORT_PHOTO = DOCUMENT_TYPES[0].id;

export const applicationFormNotFound = () => notFound('Application form not found.');

/** The stream's bytes, or null when it holds more than `max` (the photo is then left out). */
async function readAtMost(stream: Readable, max: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export async function loadPdfInput(
  db: TDb,
  drivers: Record<string, StorageDriver>,
  actor: TActor,
  request: { studentCourseId: number; language: TAppLanguage; maxPhotoBytes: number },
): Promise<TPdfInput> {
  const read = await db.transaction(async (tx) => {
    const [course] = await tx
      .select({
        studentId: studentCourses.studentId,
        submittedAt: studentCourses.submittedAt,
        universityName: universities.name,
        courseName: courses.name,
        duration: universityCourses.duration,
        price: universityCourses.price,
        currency: universityCourses.currency,
      })
      .from(studentCourses)
      .innerJoin(universityCourses, eq(universityCourses.id, studentCourses.universityCourseId))
      .innerJoin(universities, eq(universities.id, universityCourses.universityId))
      .innerJoin(courses, eq(courses.id, universityCourses.courseId))
      .where(and(eq(studentCourses.id, request.studentCourseId), isNotNull(studentCourses.submittedAt)));
    if (!course || !(await ownsStudent(tx, actor, course.studentId))) throw applicationFormNotFound();
    const application = await readApplication(tx, course.studentId);
    const photoId = application.documents.find((d) => d.documentTypeId === PASSPORT_PHOTO)?.docPath;
    const fileIds = [
      ...application.qualifications.flatMap((q) => [q.certFileName, q.transcriptFileName]),
      ...application.languages.map((l) => l.certFileName),
      photoId,
    ].filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
    const rows = fileIds.length
      ? await tx
          .select({
            id: files.id,
            displayName: files.displayName,
            driver: files.driver,
            key: files.driverKey,
          })
          .from(files)
          .where(and(inArray(files.id, fileIds), eq(files.studentId, course.studentId)))
      : [];
    return { course, application, rows, photoId };
  });

  const { course, application, rows, photoId } = read;
  const photoRow = rows.find((r) => r.id === photoId);
  let photo: Uint8Array | null = null;
  if (photoId) {
    // A photo row whose bytes cannot be read shows as unreadable (empty bytes), never as a failure.
    photo = new Uint8Array(0);
    const driver = photoRow && drivers[photoRow.driver];
    try {
      const stream = driver ? await driver.get(photoRow.key) : null;
      if (stream) photo = (await readAtMost(stream, request.maxPhotoBytes)) ?? photo;
    } catch {
      // Left out with the note.
    }
  }
  return {
    language: request.language,
    generatedAt: new Date().toISOString(),
    application,
    course: {
      universityName: course.universityName,
      courseName: course.courseName,
      duration: course.duration,
      price: Number(course.price),
      currency: course.currency,
      submittedAt: course.submittedAt,
      intake: application.courses.find((c) => c.id === request.studentCourseId)?.intake ?? null,
    },
    fileNames: Object.fromEntries(rows.map((r) => [r.id, r.displayName])),
    photo,
  };
}
