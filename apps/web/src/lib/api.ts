import { API_TIMEOUT_MS } from '@uniapply/shared';

export type TFieldError = { path: string; message: string };

/**
 * Every failed call ends here. `message` is the server's problem+json message; `code` is set when
 * the request never got an answer (the screen shows a translated text for it instead).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly title = '',
    readonly errors: TFieldError[] = [],
    readonly code: 'timeout' | 'network' | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Do not treat a 401 as "session lost" (the start-up /auth/me probe just means "signed out"). */
  allowUnauthorized?: boolean;
  timeoutMs?: number;
};

/**
 * The sign-in page, told to come back here afterwards (paths carry ids only, never personal data;
 * the server checks that `returnUrl` is a path on our own site).
 */
export function loginUrlFor({ pathname, search }: { pathname: string; search: string }): string {
  const here = `${pathname}${search}`;
  return here === '/' ? '/login' : `/login?returnUrl=${encodeURIComponent(here)}`;
}

// Spec 2.1: after any unauthorised answer the browser goes to /login unless already there. A full
// page load on purpose: it drops everything held in memory for the session that just ended.
let onUnauthorized: () => void = () => {
  if (window.location.pathname.toLowerCase() !== '/login')
    window.location.assign(loginUrlFor(window.location));
};

/** Replaces what a 401 does (tests observe it through this). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const API_BASE = '/api';

/** The one way the SPA talks to the API: same-origin cookie session, JSON, 30 s time-out. */
export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, allowUnauthorized = false, timeoutMs = API_TIMEOUT_MS } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    const timedOut = timeout.aborted;
    throw new ApiError(
      0,
      timedOut ? 'Request timed out' : 'Network error',
      '',
      [],
      timedOut ? 'timeout' : 'network',
    );
  }

  if (response.status === 401 && !allowUnauthorized) onUnauthorized();
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let problem: { title?: unknown; message?: unknown; detail?: unknown; errors?: unknown } = {};
  try {
    problem = await response.json();
  } catch {
    // Not problem+json (a proxy's HTML page, an empty body): fall back to the status text.
  }
  const message =
    typeof problem.message === 'string'
      ? problem.message
      : typeof problem.detail === 'string'
        ? problem.detail
        : response.statusText || `HTTP ${response.status}`;
  const errors = Array.isArray(problem.errors) ? (problem.errors as TFieldError[]) : [];
  return new ApiError(
    response.status,
    message,
    typeof problem.title === 'string' ? problem.title : '',
    errors,
  );
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
