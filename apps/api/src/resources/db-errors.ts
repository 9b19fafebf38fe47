import { AppError, badRequest, conflict, pgErrorCode } from '../http/errors.js';

export { pgErrorCode };

/**
 * Turns the constraint errors a client can cause into problem responses with the resource's name
 * (the central error handler maps the rest of PostgreSQL's data and integrity errors generically).
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
        ? new AppError(
            409,
            'Conflict',
            `This ${label} is still in use and cannot be deleted.`,
            undefined,
            'inUse',
          )
        : badRequest('A referenced record does not exist.');
    case '23514':
    case '22003':
      return new AppError(400, 'Bad Request', 'A value is out of range.', undefined, 'invalidValue');
    case '22021':
      return new AppError(
        400,
        'Bad Request',
        'Text contains a character that cannot be stored.',
        undefined,
        'invalidValue',
      );
    default:
      return err;
  }
}
