import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { describeErrorForLog, isDatabaseUnavailable } from './error-log.js';

/** Typed application errors; the handler below renders them once, as problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, 'Bad Request', message, errors);
export const unauthorized = () => new AppError(401, 'Unauthorized', 'Sign in to continue.');
export const forbidden = (message = 'You may not do this.') => new AppError(403, 'Forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'Not Found', message);
export const conflict = (message: string) => new AppError(409, 'Conflict', message);

const DATABASE_RETRY_AFTER_SECONDS = 5;

const zodIssues = (err: ZodError) =>
  err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    const send = (status: number, title: string, message: string, errors?: unknown) =>
      reply
        .status(status)
        .type('application/problem+json')
        .send({ type: 'about:blank', status, title, message, ...(errors ? { errors } : {}) });

    if (err instanceof AppError) return send(err.status, err.title, err.message, err.errors);
    if (err instanceof ZodError) return send(400, 'Bad Request', 'The request is not valid.', zodIssues(err));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
      }));
      const first = errors[0];
      return send(
        400,
        'Bad Request',
        first ? `${first.path}: ${first.message}` : 'The request is not valid.',
        errors,
      );
    }
    if (isDatabaseUnavailable(err)) {
      // Down, restarting or a cut connection: the pool reconnects by itself, the client retries.
      request.log.warn({ err: describeErrorForLog(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .type('application/problem+json')
        .send({
          type: 'about:blank',
          status: 503,
          title: 'Service Unavailable',
          code: 'serviceUnavailable',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      // Logged with the request id only: no bodies, no SQL or its parameters (personal data).
      request.log.error({ err: describeErrorForLog(err) }, 'request failed');
      return send(500, 'Internal Server Error', 'Something went wrong on our side. Please try again.');
    }
    if (status === 429) {
      return reply.status(429).type('application/problem+json').send({
        type: 'about:blank',
        status,
        title: 'Too Many Requests',
        code: 'rateLimited',
        message: err.message,
      });
    }
    const title = status === 413 ? 'Payload Too Large' : status === 429 ? 'Too Many Requests' : 'Bad Request';
    return send(status, title, err.message);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type('application/problem+json')
      .send({
        type: 'about:blank',
        status: 404,
        title: 'Not Found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      }),
  );
}
