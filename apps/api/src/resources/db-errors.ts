import { AppError, badRequest, conflict } from '../http/errors.js';

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
 * Turns the constraint errors a client can cause into problem responses (the rest stay 500s).
 * `deleting` decides what a foreign-key error means: still in use (409) or a missing reference (400).
 */
export function mapDbError(err: unknown, label: string, deleting = false): unknown {
  if (err instanceof AppError) return err;
  switch (pgErrorCode(err)) {
    case '23505':
      return conflict(`This ${label} already exists.`);
    // ON DELETE RESTRICT reports 23001 on some PostgreSQL builds (PGlite) and 23503 on others.
    case '23001':
    case '23503':
      return deleting
        ? conflict(`This ${label} is still in use and cannot be deleted.`)
        : badRequest('A referenced record does not exist.');
    case '23514':
    case '22003':
      return badRequest('A value is out of range.');
    case '22021':
      return badRequest('Text contains a character that cannot be stored.');
    default:
      return err;
  }
}
