import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from './constants.js';

// Field helpers shared by every schema. Messages are i18n keys (`validation.*`).

/** The largest PostgreSQL integer: ids and counts beyond it are bad input, not a 500. */
export const MAX_INT = 2147483647;

/**
 * Numbers in JSON bodies are plain JSON numbers: no coercion, so `null`, `[]`, `"  "`, `true` or
 * `[[5]]` are refused instead of being stored as 0, 1 or 5.
 */
const missingOr = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'validation.required' : key;
export const zNumber = () => z.number({ error: missingOr('validation.number') });
export const zWholeNumber = () =>
  z.number({ error: missingOr('validation.wholeNumber') }).int('validation.wholeNumber');

/** An id in a JSON body: a JSON integer from 1 to MAX_INT (never `true`, `"5"` or `1.5`). */
export const zId = zWholeNumber().positive('validation.positive').max(MAX_INT, 'validation.tooLarge');

/**
 * A whole number that arrives as text (path parameters, query strings): canonical digits only,
 * so `1e3`, `0x10`, `01`, ` 1` and `1.0` are refused rather than read as 1000, 16 or 1.
 */
export const zTextInt = (min: number, max = MAX_INT) =>
  z
    .string('validation.wholeNumber')
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'validation.wholeNumber')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, min > 0 ? 'validation.positive' : 'validation.notNegative')
        .max(max, 'validation.tooLarge'),
    );

/** A row id in a path (`/StudentInfo/12`). */
export const zPathId = zTextInt(1);

// C0 and C1 control characters and the bidirectional embeddings, overrides and isolates
// (U+202A–U+202E, U+2066–U+2069) that make text display as something other than it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** A single line: line breaks and tabs become spaces, other control characters are dropped. */
export const cleanLine = (v: string) => v.replace(/[\t\r\n]/g, ' ').replace(CONTROL, '');
/** Multi-line text (addresses, messages): keeps line breaks (as \n), tabs become spaces. */
export const cleanLines = (v: string) => v.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');

export type TTextOptions = { multiline?: boolean };
const zCleanText = (options: TTextOptions) =>
  z.string().overwrite(options.multiline ? cleanLines : cleanLine);

export const zRequiredText = (max = 200, options: TTextOptions = {}) =>
  zCleanText(options).trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const zOptionalText = (max = 200, options: TTextOptions = {}) =>
  zCleanText(options)
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

export const zEmail = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .regex(EMAIL_PATTERN, 'validation.email');

export const zPhone = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .min(1, 'validation.required')
  .regex(PHONE_PATTERN, 'validation.phone');

/** Spaces, dashes and brackets people write in a number ("+60 (3) 1234-5678"), which dialling ignores. */
export const stripPhone = (v: string) => v.replace(/[\s()\-\u2010-\u2015]/g, '');

/**
 * A phone or fax number written the way people print it: stripped of spaces, dashes and brackets,
 * then held to the spec's phone pattern; what is saved is the stripped number (issue 20 item 4).
 */
export const zStrippedPhone = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .min(1, 'validation.required')
  .overwrite(stripPhone)
  .regex(PHONE_PATTERN, 'validation.phone');

/** Adds https:// when the scheme is missing (spec 2.4), then insists on http(s). */
export function withScheme(value: string): string {
  const v = value.trim();
  if (!v) return v;
  return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
}

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
};

export const zUrl = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .min(1, 'validation.required')
  .max(500, 'validation.tooLong')
  .transform(withScheme)
  .refine(isHttpUrl, 'validation.url');

export const zOptionalUrl = z
  .string()
  .overwrite(cleanLine)
  .trim()
  .max(500, 'validation.tooLong')
  .nullish()
  .transform((v) => (v ? withScheme(v) : null))
  .refine((v) => v === null || isHttpUrl(v), 'validation.url');

/**
 * Dates travel as year-month-day (spec 9), between 1900 and 2100: PostgreSQL refuses year 0000,
 * and no date of this portal lies outside that range.
 */
export const zDate = z.iso
  .date('validation.date')
  .refine((v) => v >= '1900-01-01' && v <= '2100-12-31', 'validation.date');

/** Today's date where it is latest on Earth (UTC+14), so nobody's today is refused. */
export const latestToday = (now = Date.now()) => new Date(now + 14 * 3600_000).toISOString().slice(0, 10);

/** A date of birth: from 1900 to today. */
export const zBirthDate = z.iso
  .date('validation.date')
  .refine((v) => v >= '1900-01-01' && v <= latestToday(), 'validation.birthDate');

/** An exam year: from 1950 to next year (results of an exam sat this year may be dated next). */
export const zExamYear = zWholeNumber()
  .min(1950, 'validation.year')
  .refine((v) => v <= new Date().getUTCFullYear() + 1, 'validation.year');

export const zIndex = (min: number, max: number) =>
  z
    .number({ error: missingOr('validation.choice') })
    .int('validation.choice')
    .min(min, 'validation.choice')
    .max(max, 'validation.choice');

/** The one reading of "not filled in" (missing, null or spaces), for the rules that need a value. */
export const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
