import { API_TIMEOUT_MS } from '@uniapply/shared';
import { API_BASE, ApiError, reportUnauthorized, toApiError } from './api';

// Uploads go through XMLHttpRequest, not fetch: only XHR reports how much of the body has been
// sent (fetch has no upload progress). Same rules as lib/api.ts otherwise: same-origin cookies,
// a 401 means the session is gone, failures become an ApiError with a translated message.

export type TUploadProgress = (percent: number) => void;

export function uploadFile<T>(
  path: string,
  form: FormData,
  { onProgress, timeoutMs = API_TIMEOUT_MS * 4 }: { onProgress?: TUploadProgress; timeoutMs?: number } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = false; // same-origin: cookies go with the request anyway
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    const failed = (code: 'network' | 'timeout') => () =>
      reject(new ApiError(0, code === 'timeout' ? 'Request timed out' : 'Network error', '', [], code));
    xhr.onerror = failed('network');
    xhr.ontimeout = failed('timeout');
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
      });
      if (xhr.status === 401) reportUnauthorized();
      if (!response.ok) {
        toApiError(response).then(reject, reject);
        return;
      }
      onProgress?.(100);
      response.json().then((body) => resolve(body as T), reject);
    };
    xhr.send(form);
  });
}

/**
 * Why an upload failed, in the user's language (`common:errors.<code>`: a wrong type, a damaged
 * file, too large), or null when the answer carried no code to say it by.
 */
export function uploadRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code ? error.message : null;
}
