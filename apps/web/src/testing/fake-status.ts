import {
  isOpenOffer,
  mayMove,
  mayWithdraw,
  type TActionNeeded,
  type TApplicationStatus,
  type TApplicationStatusDetail,
  type TDocumentRequest,
  type TOffer,
  type TStatusHistoryEntry,
  waitsForApplicant,
  ZOfferTermsChange,
  ZPassportWhereaboutsUpdate,
  ZStageDurations,
} from '@uniapply/shared';
import { json, problem, type THandlers } from './fake-api';

// The status pipeline of issue 12 as the web tests' fake: applications of one student kept in
// memory, answering the status routes like the server (list, get with history and requests,
// withdraw with its version and the shared table, an answered request that returns the
// application to underReview once every request is answered; the admin's move and undo, by the
// demo admin, user 1).

const query = (url: string) => new URL(url, 'http://localhost').searchParams;

type TFakeApplication = TApplicationStatusDetail;

let nextId = 1000;
const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;

const SUBMITTED_COURSES = [
  {
    id: 1,
    universityCourseId: 40,
    university: { id: 3, name: 'Taylor’s University' },
    course: { id: 8, name: 'Computer Science' },
    submitted: true,
    submittedAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 2,
    universityCourseId: 41,
    university: { id: 4, name: 'Sunway University' },
    course: { id: 9, name: 'Business' },
    submitted: true,
    submittedAt: '2026-11-20T10:00:00Z',
  },
];

/**
 * Student 12's submitted application as the review reads it (`fakeApplication({ review })`): its
 * first `count` courses of Computer Science at Taylor’s (student course 1) and Business at Sunway (2).
 */
export const submittedReview = (count = SUBMITTED_COURSES.length) => ({
  studentId: 12,
  stage: 11,
  submitted: true,
  courses: SUBMITTED_COURSES.slice(0, count).map((c) => ({ ...c })),
});

/** A history entry at minute `minute` (ordering), visible to the applicant. */
export const historyEntry = (
  studentCourseId: number,
  from: TApplicationStatus | null,
  to: TApplicationStatus,
  minute: number,
  message: string | null = null,
): TStatusHistoryEntry => ({
  id: nextId++,
  studentCourseId,
  from,
  to,
  byUserId: from ? 1 : null,
  byName: from ? 'Dilnoza Adminova' : null,
  at: at(minute),
  message,
  internal: false,
  undoes: null,
  undone: false,
});

/** An open request for a document type or free text. */
export const openRequest = (studentCourseId: number, text: string): TDocumentRequest => ({
  id: nextId++,
  studentCourseId,
  documentTypeId: null,
  documentTypeName: null,
  text,
  createdBy: 1,
  createdAt: at(30),
  fileId: null,
  fileName: null,
  answeredAt: null,
});

/** An offer on an application, answerable until `answerBy` (issue 22). */
export const offerOn = (studentCourseId: number, answerBy: string): TOffer => ({
  id: nextId++,
  studentCourseId,
  type: 'conditional',
  intakeId: null,
  fees: null,
  answerBy,
  createdAt: at(40),
  updatedAt: at(40),
  conditionsMetAt: null,
  answeredAt: null,
  letterFileId: null,
  conditions: [],
});

/** One application in `status` with `history` (oldest first) and `requests`. */
export function statusApplication(
  studentCourseId: number,
  status: TApplicationStatus,
  history: TStatusHistoryEntry[],
  requests: TDocumentRequest[] = [],
  studentId = 12,
  offer: TOffer | null = null,
): TFakeApplication {
  return {
    state: {
      studentCourseId,
      studentId,
      status,
      version: history.length,
      updatedAt: at(59),
      passportWhereabouts: 'withApplicant',
    },
    history,
    requests,
    offer,
  };
}

const conflict = (current: TApplicationStatus, version: number) =>
  new Response(JSON.stringify({ status: 409, code: 'statusConflict', params: { current, version } }), {
    status: 409,
    headers: { 'Content-Type': 'application/problem+json' },
  });

/** What the Action needed banner names an application by (the server joins them). */
type TFakeNames = Record<number, Pick<TActionNeeded, 'studentName' | 'course' | 'university'>>;

export function fakeStatusApi(applications: TFakeApplication[], names: TFakeNames = {}) {
  const store = new Map(applications.map((a) => [a.state.studentCourseId, structuredClone(a)]));
  const move = (
    a: TFakeApplication,
    to: TApplicationStatus,
    message: string | null = null,
    extra: Partial<TStatusHistoryEntry> = {},
  ) => {
    const entry = historyEntry(a.state.studentCourseId, a.state.status, to, 50 + a.history.length, message);
    // Now, so the admin's undo window (24 hours) is open.
    a.history.push({ ...entry, at: new Date().toISOString(), ...extra });
    a.state = { ...a.state, status: to, version: a.state.version + 1 };
  };
  const handlers: THandlers = {
    'GET /api/ApplicationStatus/list': (_init, url = '') => {
      const studentId = Number(query(url).get('studentId') ?? 0); // none: all the caller's
      const rows = [...store.values()].filter((a) => !studentId || a.state.studentId === studentId);
      return json(rows.map((a) => a.state));
    },
    // Issue 22: the applications that wait for the applicant side, named, with an open offer's date.
    'GET /api/ApplicationStatus/actionNeeded': () =>
      json(
        [...store.values()]
          .filter((a) => waitsForApplicant(a.state.status))
          .map(({ state, offer }) => ({
            studentCourseId: state.studentCourseId,
            studentId: state.studentId,
            status: state.status,
            studentName: '',
            course: `Course ${state.studentCourseId}`,
            university: '',
            ...names[state.studentCourseId],
            answerBy: offer && isOpenOffer(state.status) ? offer.answerBy : null,
          })),
      ),
    'GET /api/ApplicationStatus/get': (_init, url = '') => {
      const found = store.get(Number(query(url).get('studentCourseId')));
      return found ? json(found) : problem(404, 'The item was not found.');
    },
    'POST /api/ApplicationStatus/withdraw': (init) => {
      const { studentCourseId, version } = JSON.parse(String(init?.body));
      const found = store.get(studentCourseId);
      if (!found) return problem(404, 'The item was not found.');
      if (found.state.version !== version || !mayWithdraw(found.state.status))
        return conflict(found.state.status, found.state.version);
      move(found, 'withdrawn');
      return json(found.state);
    },
    'POST /api/ApplicationStatus/move': (init) => {
      const body = JSON.parse(String(init?.body));
      const found = store.get(body.studentCourseId);
      if (!found) return problem(404, 'Application not found.');
      if (found.state.version !== body.version || !mayMove('admin', found.state.status, body.to))
        return conflict(found.state.status, found.state.version);
      move(found, body.to, body.message ?? null, { internal: Boolean(body.internal && body.message) });
      for (const r of body.requests ?? []) {
        const request = openRequest(found.state.studentCourseId, r.text ?? '');
        found.requests.push({ ...request, documentTypeId: r.documentTypeId ?? null, text: r.text ?? null });
      }
      return json(found.state);
    },
    // Issue 22: the applicant's answer, declining the ticked other offers in the same step.
    'POST /api/ApplicationStatus/answerOffer': (init) => {
      const { studentCourseId, version, answer, declineOthers = [] } = JSON.parse(String(init?.body));
      const found = store.get(studentCourseId);
      const others = (declineOthers as number[]).map((id) => store.get(id));
      if (!found || others.some((o) => o?.state.studentId !== found.state.studentId))
        return problem(404, 'Application not found.');
      const to = answer === 'accept' ? 'offerAccepted' : 'offerDeclined';
      if (found.state.version !== version || !mayMove('applicant', found.state.status, to))
        return conflict(found.state.status, found.state.version);
      const open = others.find((o) => !isOpenOffer(o!.state.status));
      if (open) return conflict(open.state.status, open.state.version);
      if (found.offer && Date.parse(found.offer.answerBy) <= Date.now())
        return new Response(
          JSON.stringify({
            status: 409,
            code: 'offerAnswerPast',
            params: { answerBy: found.offer.answerBy },
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        );
      move(found, to, null, { byUserId: 7, byName: 'Aziza Karimova' });
      for (const o of others) move(o!, 'offerDeclined', null, { byUserId: 7, byName: 'Aziza Karimova' });
      return json(found.state);
    },
    'POST /api/ApplicationStatus/undo': (init) => {
      const { studentCourseId, version } = JSON.parse(String(init?.body));
      const found = store.get(studentCourseId);
      if (!found) return problem(404, 'Application not found.');
      if (found.state.version !== version) return conflict(found.state.status, found.state.version);
      const last = found.history.at(-1)!;
      found.history = found.history.map((e) => (e.id === last.id ? { ...e, undone: true } : e));
      move(found, last.from!, null, { undoes: last.id });
      return json(found.state);
    },
    // Issue 22 item 2: an admin's change of an open offer's terms without a move.
    'POST /api/ApplicationStatus/offerTerms': (init) => {
      const body = ZOfferTermsChange.safeParse(JSON.parse(String(init?.body)));
      if (!body.success) return problem(400, 'Invalid body.');
      const found = store.get(body.data.studentCourseId);
      if (!found) return problem(404, 'Application not found.');
      if (found.state.version !== body.data.version) return conflict(found.state.status, found.state.version);
      if (!found.offer || !isOpenOffer(found.state.status))
        return new Response(
          JSON.stringify({ status: 409, code: 'offerClosed', params: { current: found.state.status } }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        );
      const { fees, answerBy, conditions } = body.data;
      found.offer = {
        ...found.offer,
        fees,
        answerBy: answerBy ?? found.offer.answerBy,
        conditions: conditions.map((c, i) => ({
          ...(found.offer!.conditions.find((o) => o.kind === c.kind && o.text === c.text) ?? {
            id: 900 + i,
            state: 'pending' as const,
            evidenceFileId: null,
            evidenceFileName: null,
            evidenceAt: null,
            decidedAt: null,
          }),
          kind: c.kind,
          text: c.text,
        })),
      };
      // Like the API: the version goes up and one history entry says the terms changed.
      move(found, found.state.status, null, { offerTerms: true });
      return json(found.offer);
    },
    // Issue 22 item 5: the durations every reader may see, and the admin's passport whereabouts.
    'GET /api/Settings/stageDurations': () => json(ZStageDurations.parse({})),
    'POST /api/ApplicationStatus/passport': (init) => {
      const body = ZPassportWhereaboutsUpdate.safeParse(JSON.parse(String(init?.body)));
      if (!body.success) return problem(400, 'Invalid body.');
      const found = store.get(body.data.studentCourseId);
      if (!found) return problem(404, 'Application not found.');
      found.state = { ...found.state, passportWhereabouts: body.data.whereabouts };
      return json(found.state);
    },
    'POST /api/DocumentRequest/upload': (init, url = '') => {
      const requestId = Number(query(url).get('requestId'));
      const found = [...store.values()].find((a) => a.requests.some((r) => r.id === requestId));
      if (!found) return problem(404, 'The item was not found.');
      const file = (init!.body as FormData).get('file') as File;
      found.requests = found.requests.map((r) =>
        r.id === requestId ? { ...r, fileId: 'f1', fileName: file.name, answeredAt: at(58) } : r,
      );
      if (found.state.status === 'documentsRequested' && found.requests.every((r) => r.answeredAt))
        move(found, 'underReview');
      return json({ request: found.requests.find((r) => r.id === requestId), state: found.state });
    },
  };
  return { handlers, store };
}
