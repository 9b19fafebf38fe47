import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import type { TFormField, TRow } from './define';

export type TValues = Record<string, unknown>;
export type TErrors = Record<string, string>;

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The form's starting values: the item's (edit) or the fields' defaults (add). Values keep their
 * schema types (a choice's number stays a number); an empty number or choice is `undefined`,
 * "missing", never 0 (issue 8 item 9), and empty text is ''.
 */
export function initialValues(fields: TFormField[], item: TRow | null): TValues {
  const values: TValues = {};
  for (const field of fields) {
    const raw = item ? item[field.name] : field.defaultValue;
    // An empty instant is missing too (a nullable deadline saves null, never '').
    const typed = ['number', 'select', 'picklist', 'instant'].includes(field.kind ?? 'text');
    values[field.name] = raw === null || raw === undefined ? (typed ? undefined : '') : raw;
  }
  return values;
}

/** What a number input's text means: a number, `undefined` when empty, else the text (refused). */
export function numberValue(input: number | string | null | undefined): number | string | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  const text = (input ?? '').trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** A select's chosen option back in its wire type (a picklist's ids are numbers). */
export function choiceValue(field: TFormField, chosen: string | null): unknown {
  if (chosen === null || chosen === '') return undefined;
  if (field.kind === 'picklist') return /^[1-9]\d*$/.test(chosen) ? Number(chosen) : chosen;
  const option = field.options?.find((o) => String(o.value) === chosen);
  return option ? option.value : chosen;
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

/** The server's field errors (`body.name`) on the form's fields, as `validation.<code>` keys. */
export function serverErrors(error: unknown, fields: TFormField[]): TErrors {
  const errors: TErrors = {};
  if (!(error instanceof ApiError)) return errors;
  const names = new Set(fields.map((f) => f.name));
  for (const { path, code, message } of error.errors) {
    const name = path.replace(/^body\./, '').split('.')[0] ?? '';
    if (names.has(name) && !errors[name]) errors[name] = code ? `validation.${code}` : message;
  }
  return errors;
}
