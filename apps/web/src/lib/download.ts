import { API_BASE, reportUnauthorized, toApiError } from './api';

// Downloads that need their own file name or an alert when the file is missing (spec 7.3): the
// file is fetched with the session cookie, then saved from memory under the given name.

/** Generating a PDF may take longer than an ordinary call. */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** Saves `blob` as `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET `path` under /api and save it as `fileName`; a failure is thrown as an ApiError. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const response = await fetch(`${API_BASE}${path}`, {
    credentials: 'same-origin',
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw await toApiError(response);
  saveBlob(await response.blob(), fileName);
}
