import type { TAdminSummary, TContactMessage } from '@uniapply/shared';
import { api } from '../../lib/api';

// The catalogue area's one API module (issue 19 item 3): the admin dashboard's reads. The
// maintenance screens read through lib/resources (`resourceKeys`).

export const adminKeys = {
  summary: ['admin', 'summary'] as const,
  latestMessages: ['contact', 'latest'] as const,
};

export const fetchAdminSummary = (signal?: AbortSignal) =>
  api.get<TAdminSummary>('/admin/summary', { signal });

/** The newest messages of the landing page's contact form. */
export const fetchLatestMessages = (signal?: AbortSignal) =>
  api.get<TContactMessage[]>('/contact/latest?limit=5', { signal });
