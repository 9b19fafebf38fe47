import type { TOfferLetterTemplate, TOfferLetterTemplateInput } from '@uniapply/shared';
import { API_BASE, api, reportUnauthorized, toApiError } from '../../lib/api';

// The offer letters area's one API module (issue 22 item 3): the templates and their preview.

export const offerLetterKeys = {
  /** The three templates (the page reads and writes them). */
  all: ['offerLetterTemplates'] as const,
};

export const fetchTemplates = (signal?: AbortSignal) =>
  api.get<TOfferLetterTemplate[]>('/OfferLetterTemplate', { signal });

export const saveTemplate = (input: TOfferLetterTemplateInput) =>
  api.put<TOfferLetterTemplate>('/OfferLetterTemplate', input);

/** Rendering may take longer than an ordinary call. */
const PREVIEW_TIMEOUT_MS = 60_000;

/** The template as a sample letter (a PDF); a refusal is thrown as an ApiError. */
export async function previewTemplate(input: TOfferLetterTemplateInput): Promise<Blob> {
  const response = await fetch(`${API_BASE}/OfferLetterTemplate/preview`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(input),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}
