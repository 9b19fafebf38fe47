import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import type { TFormField, TRow } from './define';

export type TValues = Record<string, unknown>;
export type TErrors = Record<string, string>;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The form's starting values: the item's (edit) or the fields' defaults (add). Selects hold strings. */
export function initialValues(fields: TFormField[], item: TRow | null): TValues {
  const values: TValues = {};
  for (const field of fields) {
    const raw = item ? item[field.name] : field.defaultValue;
    const isChoice = field.kind === 'select' || field.kind === 'picklist';
    values[field.name] = raw === null || raw === undefined ? '' : isChoice ? String(raw) : raw;
  }
  return values;
}

/** Whether the shared schema refuses a missing value: the field is required. */
export function isRequired(schema: z.ZodObject, name: string): boolean {
  const fieldSchema = schema.shape[name] as z.ZodType | undefined;
  return fieldSchema ? !fieldSchema.safeParse(undefined).success : false;
}

/**
 * Validates with the shared schema; one message key per field. A blank field that the schema
 * refuses says "required" (a blank picklist is otherwise a bare zod "too small").
 */
export function validateValues(schema: z.ZodObject, values: TValues): TErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: TErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || errors[name]) continue;
    errors[name] = isBlank(values[name])
      ? 'validation.required'
      : issue.message.startsWith('validation.')
        ? issue.message
        : 'validation.choice';
  }
  return errors;
}

/** The server's field errors (`body.name`) on the form's fields. */
export function serverErrors(error: unknown, fields: TFormField[]): TErrors {
  const errors: TErrors = {};
  if (!(error instanceof ApiError)) return errors;
  const names = new Set(fields.map((f) => f.name));
  for (const { path, message } of error.errors) {
    const name = path.replace(/^body\./, '').split('.')[0] ?? '';
    if (names.has(name) && !errors[name]) errors[name] = message;
  }
  return errors;
}
