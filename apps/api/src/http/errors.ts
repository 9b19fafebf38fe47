import {
  FIELD_ERROR_MESSAGES,
  formatMessage,
  isFieldErrorCode,
  type TErrorCode,
  type TFieldErrorCode,
} from '@uniapply/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { describeErrorForLog, isDatabaseUnavailable } from './error-log.js';

// Problems are application/problem+json (DESIGN 4, 7): `status`, `title`, a machine `code` with
// its `params`, a human English `message`, and for bad input `errors: [{ path, code, message }]`.
// The web translates the codes; messages are never raw i18n keys.

export type TParams = Record<string, unknown>;
export type TFieldError = { path: string; code: TFieldErrorCode; message: string; params?: TParams };
/** What callers may hand over: `message` may be a `validation.*` / `filter.*` key. */
export type TFieldErrorInput = { path: string; message: string; code?: string; params?: TParams };

/** Typed application errors; the handler below renders them once, as problem+json. */
export class AppError extends Error {
  readonly code: TErrorCode;
  /** Seconds to wait before trying again, sent as `Retry-After` (a 503's or a 429's). */
  retryAfterSeconds?: number;
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors?: TFieldErrorInput[],
    code?: TErrorCode,
    readonly params?: TParams,
  ) {
    super(message);
    this.code = code ?? defaultCode(status, Boolean(errors?.length));
  }
}
export const badRequest = (message: string, errors?: TFieldErrorInput[]) =>
  new AppError(400, 'Bad Request', message, errors);
export const unauthorized = () => new AppError(401, 'Unauthorized', 'Sign in to continue.');
export const forbidden = (message = 'You may not do this.') => new AppError(403, 'Forbidden', message);
export const crossSite = () =>
  new AppError(403, 'Forbidden', 'Cross-site requests are refused.', undefined, 'crossSite');
export const notFound = (message = 'Not found.') => new AppError(404, 'Not Found', message);
export const conflict = (message: string) => new AppError(409, 'Conflict', message);
/**
 * A 503 the client should retry after `retryAfterSeconds`, with a code the web translates; `cause`
 * (what really failed) goes to the log, never to the client.
 */
export function unavailable(code: TErrorCode, message: string, retryAfterSeconds: number, cause?: unknown) {
  const err = new AppError(503, 'Service Unavailable', message, undefined, code);
  err.retryAfterSeconds = retryAfterSeconds;
  if (cause !== undefined) err.cause = cause;
  return err;
}
/** What still uses a row: `what` is a stable key the web translates, `text` the English words. */
export type TUse = { what: string; count: number; text: string };
/** A row that other rows still use; `uses` names them ("2 university courses"). */
export const inUse = (label: string, uses: TUse[]) =>
  new AppError(
    409,
    'Conflict',
    `This ${label} is used by ${uses.map((u) => u.text).join(' and ')}.`,
    undefined,
    'inUse',
    { uses: uses.map(({ what, count }) => ({ what, count })) },
  );

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  507: 'Insufficient Storage',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const CODES: Record<number, TErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'rateLimited',
  503: 'serviceUnavailable',
};
function defaultCode(status: number, hasFieldErrors: boolean): TErrorCode {
  if (status === 400) return hasFieldErrors ? 'validation' : 'badRequest';
  return CODES[status] ?? (status >= 500 ? 'internal' : 'badRequest');
}

/** One field error: a schema's message key becomes its code, with an English message. */
export function fieldError(path: string, key: string, params?: TParams): TFieldError {
  let code: TFieldErrorCode = 'invalid';
  let extra: TParams | undefined = params;
  if (key.startsWith('validation.') && isFieldErrorCode(key.slice(11)))
    code = key.slice(11) as TFieldErrorCode;
  else if (key.startsWith('filter.')) {
    code = 'invalidFilter';
    extra = { ...params, rule: key.slice(7) };
  } else if (isFieldErrorCode(key)) code = key;
  // "Required" needs no limits (zod reports a missing text as "at least 1 character").
  if (code === 'required') extra = undefined;
  const message = formatMessage(FIELD_ERROR_MESSAGES[code], extra);
  return { path, code, message, ...(extra && Object.keys(extra).length ? { params: extra } : {}) };
}

type TIssue = {
  code?: string;
  message?: string;
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  expected?: string;
  keys?: string[];
  input?: unknown;
};
/** A zod issue: its custom message key wins; zod's own messages are mapped by the issue's kind. */
function issueError(path: string, issue: TIssue): TFieldError {
  const limit = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
  const params: TParams = {};
  if (issue.code === 'too_big' && issue.maximum !== undefined) params.max = limit(issue.maximum);
  if (issue.code === 'too_small' && issue.minimum !== undefined) params.min = limit(issue.minimum);
  if (issue.code === 'unrecognized_keys' && issue.keys) params.keys = issue.keys;
  const message = issue.message ?? '';
  if (/^(validation|filter)\./.test(message)) return fieldError(path, message, params);
  const byKind = (): TFieldErrorCode => {
    switch (issue.code) {
      case 'invalid_type':
        if (/received undefined/.test(message)) return 'required';
        return issue.expected === 'number' ? 'number' : 'invalid';
      case 'too_big':
        return issue.origin === 'string' ? 'tooLong' : issue.origin === 'array' ? 'tooMany' : 'tooLarge';
      case 'too_small':
        return issue.origin === 'string' && params.min === 1
          ? 'required'
          : issue.origin === 'number'
            ? 'tooSmall'
            : 'invalid';
      case 'invalid_value':
        return 'choice';
      case 'unrecognized_keys':
        return 'unknownField';
      default:
        return 'invalid';
    }
  };
  return fieldError(path, byKind(), params);
}

const DATABASE_RETRY_AFTER_SECONDS = 5;

const zodIssues = (err: ZodError) =>
  err.issues.map((i) => issueError(i.path.map(String).join('.'), i as unknown as TIssue));

/** The PostgreSQL SQLSTATE of an error, looking through drizzle's wrapping (`cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The safety net for bad data that got past the schemas: PostgreSQL's data exceptions (class 22)
 * and not-null/check violations are the client's bad input (400); other integrity violations
 * (class 23: unique, foreign key) are conflicts (409). Everything else stays a 500.
 */
function databaseProblem(err: unknown): AppError | undefined {
  const state = pgErrorCode(err);
  if (!state) return undefined;
  if (state.startsWith('22') || state === '23502' || state === '23514')
    return new AppError(400, 'Bad Request', 'A value is not valid.', undefined, 'invalidValue');
  if (state.startsWith('23'))
    return new AppError(409, 'Conflict', 'This conflicts with existing data.', undefined, 'conflict');
  return undefined;
}

/** Fastify's own refusals before routing, by their code: the problem they become. */
const FRAMEWORK_PROBLEMS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () =>
    new AppError(400, 'Bad Request', 'The address is not valid (a malformed %-escape).', undefined, 'badUrl'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new AppError(414, 'URI Too Long', 'A part of the address is too long.', undefined, 'urlTooLong'),
};

/**
 * The one error handler: every refusal and failure becomes problem+json here (the app's error
 * handler; also Fastify's own refusals before routing, through `frameworkErrors` in app.ts).
 */
export function handleError(
  err: FastifyError | AppError | ZodError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // Refused before its body was read to the end (an upload while the disk is full or read-only,
  // a bad part): close the connection after the answer. Kept alive, the unread rest of the body
  // blocks it, and the client's next request on it hangs (the files drill saw half its retries
  // time out).
  const hasBody =
    Number(request.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in request.headers;
  if (hasBody && !request.raw.readableEnded) reply.header('connection', 'close');
  // A download that failed before its first byte had its file's headers set (on the reply, and
  // on the raw response by Fastify's stream sending): a problem is no file.
  reply.removeHeader('content-disposition');
  if (!reply.raw.headersSent) reply.raw.removeHeader('content-disposition');
  return sendProblem(reply, problemOf(err, request, reply));
}

type TProblem = {
  status: number;
  code: TErrorCode;
  message: string;
  errors?: TFieldError[];
  params?: TParams;
  title?: string;
};

function sendProblem(reply: FastifyReply, { status, code, message, errors, params, title }: TProblem) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({
      type: 'about:blank',
      status,
      title: title ?? TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request'),
      code,
      message,
      ...(params ? { params } : {}),
      ...(errors?.length ? { errors } : {}),
    });
}

const appProblem = (e: AppError): TProblem => ({
  status: e.status,
  code: e.code,
  message: e.message,
  errors: e.errors?.map((f) => fieldError(f.path, f.code ?? f.message, f.params)),
  params: e.params,
  title: e.title,
});

/** The problem an error becomes; logs what the operator must see and sets retry-after. */
function problemOf(err: FastifyError | AppError | ZodError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    // A refusal of ours for a fault on the server side (storage full or away, renderers busy):
    // the operator needs to see it; the client gets the code only.
    if (err.status >= 500)
      request.log.warn(
        { code: err.code, ...(err.cause ? { err: describeErrorForLog(err.cause) } : {}) },
        `request refused: ${err.code}`,
      );
    return appProblem(err);
  }
  if (err instanceof ZodError) return problem(400, 'validation', 'The request is not valid.', zodIssues(err));
  if (hasZodFastifySchemaValidationErrors(err)) return schemaValidationProblem(err);
  if (isDatabaseUnavailable(err)) {
    // Down, restarting or a cut connection: the pool reconnects by itself, the client retries.
    request.log.warn({ err: describeErrorForLog(err) }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return problem(
      503,
      'serviceUnavailable',
      'The service is briefly unavailable. Please try again in a moment.',
    );
  }
  const fromDatabase = databaseProblem(err);
  if (fromDatabase) return appProblem(fromDatabase);
  const status = (err as FastifyError).statusCode ?? 500;
  if (status >= 500) {
    // Logged with the request id only: no bodies, no SQL or its parameters (personal data).
    request.log.error({ err: describeErrorForLog(err) }, 'request failed');
    return problem(500, 'internal', 'Something went wrong on our side. Please try again.');
  }
  const fastifyCode = String((err as FastifyError).code ?? '');
  const framework = FRAMEWORK_PROBLEMS[fastifyCode];
  if (framework) return appProblem(framework());
  const code =
    fastifyCode.startsWith('FST_ERR_CTP_') && status === 400 ? 'invalidJson' : defaultCode(status, false);
  return problem(status, code, err.message);
}

const problem = (status: number, code: TErrorCode, message: string, errors?: TFieldError[]): TProblem => ({
  status,
  code,
  message,
  errors,
});

/** A request the route's zod schema refused: one field error per issue, the first one as message. */
function schemaValidationProblem(
  err: Omit<FastifyError, 'validation'> & { validation: ZodFastifySchemaValidationError[] },
) {
  const errors = err.validation.map((v) =>
    issueError([err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'), {
      ...(v.params as TIssue),
      code: v.keyword,
      message: v.message,
    }),
  );
  const first = errors[0];
  return problem(
    400,
    'validation',
    first ? `${first.path}: ${first.message}` : 'The request is not valid.',
    errors,
  );
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(handleError);

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type('application/problem+json')
      .send({
        type: 'about:blank',
        status: 404,
        title: 'Not Found',
        code: 'notFound',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      }),
  );
}
