import type { FastifyRequest } from 'fastify';

// What may be logged (no personal data, no secrets) and what an error tells the client (503, 500).

type TErrorLike = Error & {
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
};

/** The error and its causes (drizzle wraps the driver's error), outermost first. */
function chain(err: unknown): TErrorLike[] {
  const out: TErrorLike[] = [];
  let current = err;
  while (current instanceof Error && out.length < 5 && !out.includes(current as TErrorLike)) {
    out.push(current as TErrorLike);
    current = (current as TErrorLike).cause;
  }
  return out;
}

// PostgreSQL: class 08 connection exceptions, 57P01 admin_shutdown, 57P02 crash_shutdown,
// 57P03 cannot_connect_now, 53300 too_many_connections (a burst of reconnections, e.g. right after
// a frozen server thaws), and the time limits of db/postgres-pool.ts: 57014 query_canceled (the
// statement_timeout, e.g. a write waiting on a lock held too long) and 25P03
// idle_in_transaction_session_timeout; Node: the socket could not be opened or was cut.
const UNAVAILABLE_PG = /^(08[0-9A-Z]{3}|57P0[123]|57014|25P03|53300)$/;
const UNAVAILABLE_NET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or unobtainable connection, and its own query time limit (a server
// that does not answer), by message only.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Query read timeout/i;

/** The database cannot be reached right now (down, restarting, connection cut): worth a retry. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return chain(err).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_PG.test(code) || UNAVAILABLE_NET.has(code)) return true;
    if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true; // AggregateError
    return UNAVAILABLE_MESSAGE.test(e.message);
  });
}

const isDatabaseError = (e: TErrorLike) =>
  ('query' in e && 'params' in e) ||
  typeof e.severity === 'string' ||
  (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));

/** Database messages quote values (`invalid input syntax for type integer: "abc"`): drop them. */
const withoutQuoted = (message: string) => message.replace(/"[^"]*"|'[^']*'/g, '"…"');

/**
 * An error as it may be logged: its kind, codes and stack frames. Never the message of a failed
 * query (drizzle puts the SQL and its parameters there, e.g. a passport number) and never the
 * quoted values of a database message.
 */
export function describeErrorForLog(err: unknown) {
  const errors = chain(err);
  const outer = errors[0];
  if (!outer) return { type: typeof err };
  const dbErrors = errors.filter(isDatabaseError);
  const driver = dbErrors.find((e) => !('query' in e && 'params' in e));
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    // drizzle's DrizzleQueryError keeps the name 'Error': the class says more.
    type: outer.name === 'Error' ? outer.constructor.name : outer.name,
    code: str(outer.code) ?? str(driver?.code),
    message: dbErrors.length ? driver && withoutQuoted(driver.message) : outer.message,
    ...(driver
      ? {
          db: {
            code: str(driver.code),
            constraint: str(driver.constraint),
            table: str(driver.table),
            column: str(driver.column),
            routine: str(driver.routine),
          },
        }
      : {}),
    // Frames only: the first line of a stack repeats the message.
    stack: (outer.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/**
 * A request as the request log shows it: the sign-in URLs under /api/auth/ (the callback, the demo
 * provider's endpoints) carry the one-time state, nonce and code in their query: logged without it.
 */
export function requestForLog(request: FastifyRequest) {
  const url = request.url.startsWith('/api/auth/') ? request.url.split('?')[0] : request.url;
  return {
    method: request.method,
    url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
