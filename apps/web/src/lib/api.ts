import { API_TIMEOUT_MS, type TErrorCode } from '@uniapply/shared';

/** A field's problem: `code` is a `validation:<code>` text, `message` the server's English. */
export type TFieldError = { path: string; code: string; message: string; params?: Record<string, unknown> };
export type TApiErrorCode = TErrorCode | 'timeout' | 'network';

/**
 * Every failed call ends here. `code` is the problem's machine code (or timeout/network when the
 * request never got an answer); `message` is `common:errors.<code>` in the user's language,
 * falling back to the server's English message when the code has no text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly title = '',
    readonly errors: TFieldError[] = [],
    readonly code: TApiErrorCode | null = null,
    readonly params: Record<string, unknown> = {},
    /** The server's own (English) message. */
    readonly serverMessage = message,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TTranslate = (key: string, params?: Record<string, unknown>) => string | undefined;
let translate: TTranslate = () => undefined;

/** Lets the i18n set-up translate error codes (lib/i18n.ts registers its instance). */
export function setErrorTranslator(next: TTranslate): void {
  translate = next;
}

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  /** Do not treat a 401 as "session lost" (the start-up /auth/me probe just means "signed out"). */
  allowUnauthorized?: boolean;
  timeoutMs?: number;
  /** Sent as `Idempotency-Key` (add calls): the server answers a repeat with the first answer. */
  idempotencyKey?: string;
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

/** What every call does on a 401 (lib/upload.ts, which cannot use fetch, calls it too). */
export function reportUnauthorized(): void {
  onUnauthorized();
}

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
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
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
    const code = timeout.aborted ? 'timeout' : 'network';
    const english = code === 'timeout' ? 'Request timed out' : 'Network error';
    throw new ApiError(0, translate(`common:errors.${code}`) ?? english, '', [], code, {}, english);
  }

  if (response.status === 401 && !allowUnauthorized) onUnauthorized();
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function toFieldErrors(raw: unknown): TFieldError[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((e) => ({
    path: typeof e.path === 'string' ? e.path : '',
    // An older server sent the i18n key as the message: its code is the key's tail.
    code:
      typeof e.code === 'string'
        ? e.code
        : typeof e.message === 'string' && e.message.startsWith('validation.')
          ? e.message.slice('validation.'.length)
          : 'invalid',
    message: typeof e.message === 'string' ? e.message : '',
    ...(isRecord(e.params) ? { params: e.params } : {}),
  }));
}

export async function toApiError(response: Response): Promise<ApiError> {
  let problem: {
    title?: unknown;
    message?: unknown;
    detail?: unknown;
    errors?: unknown;
    code?: unknown;
    params?: unknown;
  } = {};
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
  // A problem without a code (a proxy's page, a plugin's own answer) keeps its message.
  const code = typeof problem.code === 'string' ? (problem.code as TErrorCode) : undefined;
  const params = isRecord(problem.params) ? problem.params : {};
  const translated = code ? translate(`common:errors.${code}`, translatedParams(params)) : undefined;
  return new ApiError(
    response.status,
    translated ?? message,
    typeof problem.title === 'string' ? problem.title : '',
    toFieldErrors(problem.errors),
    code ?? null,
    params,
    message,
  );
}

/**
 * Lists of `{ what, count }` in a problem's params (what still uses a row) become text in the
 * user's language: "courses: 2, university courses: 1".
 */
export function translatedParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (!Array.isArray(value) || !value.every((v) => isRecord(v) && typeof v.what === 'string')) continue;
    out[key] = value
      .map((v) => `${translate(`common:errors.uses.${v.what}`) ?? v.what}: ${v.count}`)
      .join(', ');
  }
  return out;
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
