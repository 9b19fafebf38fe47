import { type APIRequestContext, expect } from '@playwright/test';
import { pdfFile } from '../apps/api/test/documents/samples';
import { createStudentWithContacts } from './agent/students-api';

// A whole application saved through the API, as the wizard saves it, ready to confirm: for specs
// about what happens after a confirm (notifications, application forms).

type TResponse = Awaited<ReturnType<APIRequestContext['post']>>;
const ok = async (res: TResponse) => {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

/**
 * An agent's (or a student's own, with `request` of that account) application with every step
 * saved and `universityCourseId` chosen: stage 10, ready for POST /Stage/confirm. `names` as
 * createStudentWithContacts takes them (a Cyrillic name needs its own mailbox).
 */
export async function completeApplication(
  request: APIRequestContext,
  firstName: string,
  universityCourseId: number,
  names: Parameters<typeof createStudentWithContacts>[3] = {},
): Promise<number> {
  const studentId = await createStudentWithContacts(request, firstName, 4, names);
  const upload = async (route: string, fields: Record<string, string> = {}) =>
    (
      await ok(
        await request.post(`/api/${route}/upload`, {
          multipart: {
            file: { name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdfFile() },
            studentId: String(studentId),
            ...fields,
          },
        }),
      )
    ).fileId as string;
  const [cert, transcript] = [await upload('Qualification'), await upload('Qualification')];
  await ok(
    await request.post('/api/Qualification/add', {
      data: {
        studentId,
        qualificationType: 4,
        yearOfExam: 2022,
        nameOfExamination: 'Lyceum diploma',
        nameOfInstitution: 'Lyceum',
        result: 'A',
        certFileName: cert,
        transcriptFileName: transcript,
      },
    }),
  );
  const languageCert = await upload('Language');
  await ok(
    await request.post('/api/Language/add', {
      data: { studentId, languageType: 1, result: '7.0', yearOfExam: 2023, certFileName: languageCert },
    }),
  );
  for (const type of ['1', '2', '3']) await upload('Document', { DocumentTypeId: type });
  await ok(
    await request.post(`/api/OtherInfo/CreateOrUpdate?stage=9&studentId=${studentId}`, {
      data: { studentId, facebook: true, others: false, otherInfoDetails: null },
    }),
  );
  await ok(
    await request.post(`/api/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, {
      data: [await courseChoice(request, universityCourseId)],
    }),
  );
  return studentId;
}

/**
 * The course step's choice for a course as the picker makes it (issue 21): with its next intake
 * that can be chosen when the course has intakes, else the bare id.
 */
export async function courseChoice(
  request: APIRequestContext,
  universityCourseId: number,
): Promise<number | { universityCourseId: number; intakeId: number }> {
  const { result } = (await ok(
    await request.get(`/api/IntakeAvailability?universityCourseIds=${universityCourseId}`),
  )) as { result: { id: number; state: string }[] };
  if (result.length === 0) return universityCourseId;
  const open = result.find((i) => i.state === 'open' || i.state === 'late');
  expect(open, 'the course has an intake that can be chosen').toBeTruthy();
  return { universityCourseId, intakeId: open!.id };
}

/**
 * The student's application moved to two courses (the first two of `courseIds` with an intake that
 * can be chosen) and confirmed: two submitted applications, for specs about answering offers.
 */
export async function confirmTwoCourses(
  request: APIRequestContext,
  studentId: number,
  courseIds: number[],
): Promise<void> {
  const choices = [];
  for (const id of courseIds.slice(0, 4)) {
    try {
      choices.push(await courseChoice(request, id));
    } catch {
      // a course whose intakes are all closed: not one to apply to
    }
    if (choices.length === 2) break;
  }
  expect(choices).toHaveLength(2);
  await ok(
    await request.post(`/api/StudentCourse/addOrUpdateList?studentId=${studentId}&stage=10`, {
      data: choices,
    }),
  );
  await ok(await request.post('/api/Stage/confirm', { data: { studentId } }));
}
