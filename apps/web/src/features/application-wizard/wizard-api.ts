import type { TApplication } from '@uniapply/shared';
import { api } from '../../lib/api';

// The application API of issue 9 (see the contract in DESIGN 6 "Readings for the application").

export type TStage = { studentId: number; step: number };
export type TDrafts = Record<string, { data: Record<string, unknown>; savedAt: string }>;

const q = (params: Record<string, number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

export const wizardKeys = {
  all: ['application'] as const,
  stage: (studentId: number | null) => ['application', 'stage', studentId] as const,
  review: (studentId: number) => ['application', 'review', studentId] as const,
  drafts: (studentId: number) => ['application', 'drafts', studentId] as const,
};

export const wizardApi = {
  /** No id: the signed-in student's own profile. */
  getStage: (studentId: number | null, signal?: AbortSignal) =>
    api.get<TStage>(`/Stage/get${studentId === null ? '' : q({ studentId })}`, { signal }),
  raiseStage: (studentId: number, stage: number) =>
    api.post<{ step: number }>('/Stage/raise', { studentId, stage }),
  confirm: (studentId: number) =>
    api.post<{ step: number; submitted: number[] }>('/Stage/confirm', { studentId }),
  getReview: (studentId: number, signal?: AbortSignal) =>
    api.get<TApplication>(`/Review/getReview${q({ studentId })}`, { signal }),
  getDrafts: async (studentId: number, signal?: AbortSignal) =>
    (await api.get<{ drafts: TDrafts }>(`/Draft${q({ studentId })}`, { signal })).drafts ?? {},
  putDraft: (studentId: number, step: number, data: Record<string, unknown>) =>
    api.put<void>(`/Draft${q({ studentId, step })}`, data),
  deleteDraft: (studentId: number, step: number) => api.delete<void>(`/Draft${q({ studentId, step })}`),
  /** A form step's save: CreateOrUpdate with the stage it raises to (N = 0 creates the profile). */
  saveRecord: <T>(base: string, studentId: number, stage: number, body: unknown) =>
    api.post<T>(`/${base}/CreateOrUpdate${q({ stage, studentId })}`, body),
  saveCourses: (studentId: number, stage: number, ids: number[]) =>
    api.post<unknown>(`/StudentCourse/addOrUpdateList${q({ studentId, stage })}`, ids),
};
