import type {
  TApplication,
  TConfirmed,
  TCourseChoice,
  TDocumentRow,
  TDraftsOut,
  TRaisedStage,
  TStageOut,
} from '@uniapply/shared';
import { api } from '../../lib/api';

// The application API of issue 9 (see the contract in DESIGN 6 "Readings for the application"):
// the wizard area's one API module, owning its query keys (issue 19 item 3). The student dashboard
// and the status section read the same entries through the feature's public entry (index.ts).

/** A query string of the parameters that have a value. */
const q = (params: Record<string, number | string | undefined>) =>
  `?${new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])))}`;

export const wizardKeys = {
  all: ['application'] as const,
  stage: (studentId: number | null) => ['application', 'stage', studentId] as const,
  review: (studentId: number) => ['application', 'review', studentId] as const,
  drafts: (studentId: number, draftKey?: string) =>
    ['application', 'drafts', studentId, draftKey ?? null] as const,
  /** The documents step's uploaded files. */
  documents: (studentId: number) => ['Document', 'list', studentId] as const,
  /** A list step's rows (qualifications, languages, experience). */
  entries: (base: string, studentId: number) => ['resource', base, 'find', studentId] as const,
};

export const wizardApi = {
  /** No id: the signed-in student's own profile. */
  getStage: (studentId: number | null, signal?: AbortSignal) =>
    api.get<TStageOut>(`/Stage/get${studentId === null ? '' : q({ studentId })}`, { signal }),
  raiseStage: (studentId: number, stage: number) =>
    api.post<TRaisedStage>('/Stage/raise', { studentId, stage }),
  confirm: (studentId: number) => api.post<TConfirmed>('/Stage/confirm', { studentId }),
  getReview: (studentId: number, signal?: AbortSignal) =>
    api.get<TApplication>(`/Review/getReview${q({ studentId })}`, { signal }),
  /** `draftKey` (with studentId 0): the new-profile form's own draft (new-profile-draft-key.ts). */
  getDrafts: async (studentId: number, draftKey?: string, signal?: AbortSignal) =>
    (await api.get<TDraftsOut>(`/Draft${q({ studentId, draftKey })}`, { signal })).drafts ?? {},
  putDraft: (studentId: number, step: number, data: Record<string, unknown>, draftKey?: string) =>
    api.put<void>(`/Draft${q({ studentId, step, draftKey })}`, data),
  deleteDraft: (studentId: number, step: number, draftKey?: string) =>
    api.delete<void>(`/Draft${q({ studentId, step, draftKey })}`),
  /**
   * A form step's save: CreateOrUpdate with the stage it raises to (N = 0 creates the profile and
   * deletes the new-profile draft named by `draftKey`).
   */
  saveRecord: <T>(base: string, studentId: number, stage: number, body: unknown, draftKey?: string) =>
    api.post<T>(`/${base}/CreateOrUpdate${q({ stage, studentId, draftKey })}`, body),
  /** Bare ids mean "no intake" (spec 7.3); a course with intakes is sent with the chosen one. */
  saveCourses: (studentId: number, stage: number, choices: readonly (number | TCourseChoice)[]) =>
    api.post<unknown>(`/StudentCourse/addOrUpdateList${q({ studentId, stage })}`, choices),
  getDocuments: (studentId: number, signal?: AbortSignal) =>
    api.get<TDocumentRow[]>(`/Document/list${q({ studentId })}`, { signal }),
};
