import type { QueryClient } from '@tanstack/react-query';
import type {
  TActionNeeded,
  TApplicationStatusDetail,
  TApplicationStatusState,
  TOpenDocumentRequest,
  TStageDurations,
  TStatusOverview,
} from '@uniapply/shared';
import { api } from '../../lib/api';

// The reads of the status pipeline (issue 12): the area's one API module (issue 19 item 3). One
// key root, so a live ApplicationChanged (or an answer, a withdraw) refreshes every list and card.

export const statusKeys = {
  all: ['ApplicationStatus'] as const,
  list: (studentId: number) => ['ApplicationStatus', 'list', studentId] as const,
  /** Every application the caller may see (a student's own, an agent's students'). */
  mine: ['ApplicationStatus', 'list', 'mine'] as const,
  /** The admin dashboard's counts by status and longest waiting. */
  overview: ['ApplicationStatus', 'overview'] as const,
  detail: (studentCourseId: number) => ['ApplicationStatus', 'get', studentCourseId] as const,
  openRequests: ['ApplicationStatus', 'openRequests'] as const,
  /** Issue 22: the caller's applications that wait for the applicant side, named. */
  actionNeeded: ['ApplicationStatus', 'actionNeeded'] as const,
  /** Issue 22 item 5: the typical durations of the stages after acceptance (Settings). */
  stageDurations: ['ApplicationStatus', 'stageDurations'] as const,
};

export const fetchStatusList = (studentId: number, signal?: AbortSignal) =>
  api.get<TApplicationStatusState[]>(`/ApplicationStatus/list?studentId=${studentId}`, { signal });

export const fetchStatusDetail = (studentCourseId: number, signal?: AbortSignal) =>
  api.get<TApplicationStatusDetail>(`/ApplicationStatus/get?studentCourseId=${studentCourseId}`, { signal });

export const fetchMyStatuses = (signal?: AbortSignal) =>
  api.get<TApplicationStatusState[]>('/ApplicationStatus/list', { signal });

export const fetchStatusOverview = (signal?: AbortSignal) =>
  api.get<TStatusOverview>('/ApplicationStatus/overview', { signal });

/** The open document requests of every application the caller may see (the agent's home). */
export const fetchOpenRequests = (signal?: AbortSignal) =>
  api.get<TOpenDocumentRequest[]>('/DocumentRequest/open', { signal });

/** The applications that wait for the caller (a student's own, an agent's students'), named. */
export const fetchActionNeeded = (signal?: AbortSignal) =>
  api.get<TActionNeeded[]>('/ApplicationStatus/actionNeeded', { signal });

/** The typical durations of the stages after acceptance (every signed-in user may read them). */
export const fetchStageDurations = (signal?: AbortSignal) =>
  api.get<TStageDurations>('/Settings/stageDurations', { signal });

/** Everything the applicant side shows about statuses is read again. */
export const refreshStatuses = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: statusKeys.all });
