import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from './constants.js';

// Field helpers shared by every schema. Messages are i18n keys (`validation.*`).

export const zId = z.coerce.number().int().positive();

export const zRequiredText = (max = 200) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const zOptionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

export const zEmail = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .regex(EMAIL_PATTERN, 'validation.email');

export const zPhone = z
  .string()
  .trim()
  .min(1, 'validation.required')
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
  .trim()
  .min(1, 'validation.required')
  .max(500, 'validation.tooLong')
  .transform(withScheme)
  .refine(isHttpUrl, 'validation.url');

export const zOptionalUrl = z
  .string()
  .trim()
  .max(500, 'validation.tooLong')
  .nullish()
  .transform((v) => (v ? withScheme(v) : null))
  .refine((v) => v === null || isHttpUrl(v), 'validation.url');

/** Dates travel as year-month-day (spec 9). */
export const zDate = z.iso.date('validation.date');

export const zIndex = (min: number, max: number) =>
  z.coerce.number().int('validation.choice').min(min, 'validation.choice').max(max, 'validation.choice');
