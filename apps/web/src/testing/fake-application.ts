import type { TApplication, TDrafts } from '@uniapply/shared';
import { completeApplication } from '@uniapply/shared/test-fixtures';
import { json, noContent, problem, type THandlers } from './fake-api';

// The application API of issue 9 (stage, review, drafts, step saves) as the web tests' fake: one
// student's application kept in memory, answering like the contract in DESIGN 6.

/** A complete, not yet submitted application of student 7 (stage 10) whose course was sent. */
export function sampleApplication(studentId = 7): TApplication {
  const application = completeApplication(studentId);
  return {
    ...application,
    courses: application.courses.map((c) => ({
      ...c,
      submitted: true,
      submittedAt: '2026-11-21T09:00:00.000Z',
      status: 'submitted' as const,
    })),
  };
}

/** An application with nothing saved yet beyond the profile. */
export function emptyApplication(studentId = 7): TApplication {
  return {
    ...sampleApplication(studentId),
    stage: 0,
    guardian: null,
    emergencyContact: null,
    qualifications: [],
    languages: [],
    documents: [],
    otherInfo: null,
    courses: [],
  };
}

const query = (url: string) => new URL(url, 'http://localhost').searchParams;
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? 'null'));

type TOptions = {
  /** The stored stage (0: no record). */
  stage?: number;
  application?: TApplication | null;
  /** The student's drafts by step (and a new profile's drafts that name no draftKey). */
  drafts?: TDrafts;
  /** Student ids the caller may not open (404). */
  foreign?: number[];
  /** Saves of these bases answer 409 editConflict. */
  conflictOn?: string[];
};

/** Handlers for the application routes, over a store the test can read after the fact. */
export function fakeApplication(options: TOptions = {}) {
  const store = {
    stage: options.stage ?? 0,
    application: options.application === undefined ? sampleApplication() : options.application,
    drafts: { ...(options.drafts ?? {}) } as TDrafts,
    /** New-profile drafts (studentId 0) by the form's draftKey, each by step. */
    newProfileDrafts: {} as Record<string, TDrafts>,
    /** Every step save: base, the query's stage and studentId, and the body. */
    saves: [] as { base: string; stage: number; studentId: number; body: unknown }[],
    raises: [] as { studentId: number; stage: number }[],
    confirms: 0,
  };
  const studentIdOf = () => store.application?.studentId ?? 0;
  /** The drafts a /Draft request names: a new profile's form by its key, else the student's. */
  const draftsOf = (url: string) => {
    const key = query(url).get('draftKey');
    if (query(url).get('studentId') !== '0' || !key) return store.drafts;
    store.newProfileDrafts[key] ??= {};
    return store.newProfileDrafts[key];
  };
  const foreign = (id: number) => options.foreign?.includes(id);
  const save =
    (base: string) =>
    (init: RequestInit | undefined, url = '') => {
      const q = query(url);
      const stage = Number(q.get('stage'));
      const studentId = Number(q.get('studentId'));
      if (options.conflictOn?.includes(base)) {
        return new Response(
          JSON.stringify({
            status: 409,
            title: 'Conflict',
            message: 'Changed meanwhile by Malika Karimova.',
            code: 'editConflict',
            params: { by: 'Malika Karimova' },
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }
      store.saves.push({ base, stage, studentId, body: body(init) });
      if (base === 'StudentInfo' && !store.application) {
        const created = emptyApplication(7);
        store.application = { ...created, studentInfo: { ...created.studentInfo, ...body(init) } };
      }
      store.stage = Math.max(store.stage, stage);
      const id = studentId || 7;
      delete store.drafts[String(stage - 1)];
      // Creating the profile deletes its form's new-profile draft.
      if (studentId === 0) delete store.newProfileDrafts[q.get('draftKey') ?? ''];
      return json({ ...body(init), id });
    };
  const handlers: THandlers = {
    'GET /api/Stage/get': (_init, url = '') => {
      const id = q(url);
      if (id !== null && foreign(id)) return problem(404, 'Not found');
      return json({ studentId: id ?? studentIdOf(), step: store.stage });
    },
    'POST /api/Stage/raise': (init) => {
      const { studentId, stage } = body(init);
      store.raises.push({ studentId, stage });
      store.stage = Math.max(store.stage, stage);
      return json({ step: store.stage });
    },
    'POST /api/Stage/confirm': () => {
      store.confirms += 1;
      store.stage = 11;
      return json({ step: 11, submitted: [9] });
    },
    'GET /api/Review/getReview': (_init, url = '') => {
      const id = q(url) ?? 0;
      if (foreign(id) || !store.application) return problem(404, 'Not found');
      return json({ ...store.application, stage: store.stage });
    },
    'GET /api/Draft': (_init, url = '') => json({ drafts: draftsOf(url) }),
    'PUT /api/Draft': (init, url = '') => {
      draftsOf(url)[query(url).get('step') ?? ''] = { data: body(init), savedAt: '2026-11-22T20:00:00.000Z' };
      return noContent();
    },
    'DELETE /api/Draft': (_init, url = '') => {
      delete draftsOf(url)[query(url).get('step') ?? ''];
      return noContent();
    },
    // The steps that save their own entries (steps/*) list them here.
    'POST /api/Qualification/find': () => json(store.application?.qualifications ?? []),
    'POST /api/Language/find': () => json(store.application?.languages ?? []),
    'POST /api/Experience/find': () => json(store.application?.experiences ?? []),
    'POST /api/Referee/find': () => json(store.application?.referees ?? []),
    'GET /api/Document/list': () =>
      json(
        (store.application?.documents ?? []).map((d) => ({
          id: d.id,
          documentTypeId: d.documentTypeId,
          fileId: d.docPath,
          fileName: d.fileName,
        })),
      ),
    'GET /api/DocumentType/allAsync': () =>
      json(
        ['Passport Photo', 'Passport Copy', 'Resume', 'Health Examination'].map((name, i) => ({
          id: i + 1,
          name,
        })),
      ),
    'POST /api/StudentInfo/CreateOrUpdate': save('StudentInfo'),
    'POST /api/StudentGuardian/CreateOrUpdate': save('StudentGuardian'),
    'POST /api/EmergencyContact/CreateOrUpdate': save('EmergencyContact'),
    'POST /api/OtherInfo/CreateOrUpdate': save('OtherInfo'),
    'POST /api/StudentCourse/addOrUpdateList': save('StudentCourse'),
  };
  return { store, handlers };
}

function q(url: string): number | null {
  const raw = query(url).get('studentId');
  return raw === null ? null : Number(raw);
}
