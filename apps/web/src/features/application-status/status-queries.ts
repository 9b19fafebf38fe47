import type { QueryClient } from '@tanstack/react-query';
import type {
  TApplicationStatusDetail,
  TApplicationStatusState,
  TOpenDocumentRequest,
} from '@uniapply/shared';
import { api } from '../../lib/api';

// The applicant side's reads of the status pipeline (issue 12). One key root, so a live
// ApplicationChanged (or an answer, a withdraw) refreshes every list and card at once.

export const statusKeys = {
  all: ['ApplicationStatus'] as const,
  list: (studentId: number) => ['ApplicationStatus', 'list', studentId] as const,
  detail: (studentCourseId: number) => ['ApplicationStatus', 'get', studentCourseId] as const,
  openRequests: ['ApplicationStatus', 'openRequests'] as const,
};

export const fetchStatusList = (studentId: number, signal?: AbortSignal) =>
  api.get<TApplicationStatusState[]>(`/ApplicationStatus/list?studentId=${studentId}`, { signal });

export const fetchStatusDetail = (studentCourseId: number, signal?: AbortSignal) =>
  api.get<TApplicationStatusDetail>(`/ApplicationStatus/get?studentCourseId=${studentCourseId}`, { signal });

/** The open document requests of every application the caller may see (the agent's home). */
export const fetchOpenRequests = (signal?: AbortSignal) =>
  api.get<TOpenDocumentRequest[]>('/DocumentRequest/open', { signal });

/** Everything the applicant side shows about statuses is read again. */
export const refreshStatuses = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: statusKeys.all });
