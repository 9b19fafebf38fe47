import { maxLengthOf } from '@uniapply/shared';
import { useMemo, useState } from 'react';
import type { z } from 'zod';

export type TValues = Record<string, unknown>;
/** One message of the shared schema: an i18n key and its params (`field` is itself a key). */
export type TStepError = { field: string; message: string; params: Record<string, unknown> };

/** The issues of the step's shared schema, one per field, in form order ('' is the whole step). */
export function stepErrors(schema: z.ZodType, values: TValues, order: readonly string[]): TStepError[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const seen = new Set<string>();
  const errors: TStepError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    const params = (issue as { params?: Record<string, unknown> }).params ?? {};
    errors.push({ field, message: issue.message, params });
  }
  const rank = (f: string) => {
    const i = order.indexOf(f);
    return i < 0 ? order.length : i;
  };
  return errors.sort((a, b) => rank(a.field) - rank(b.field));
}

/** The id of a field's input, so the error summary can link and move focus to it. */
export const inputId = (field: string) => `wizard-field-${field || 'step'}`;

export type TStepForm = {
  values: TValues;
  set: (name: string, value: unknown) => void;
  setMany: (patch: TValues) => void;
  /** Valid by the shared schema: Next is enabled. */
  valid: boolean;
  /** Every issue of the shared schema, touched or not (why Next is disabled), in form order. */
  errors: TStepError[];
  /** Errors the user should see: of fields touched (or all once the summary was used). */
  shown: TStepError[];
  errorOf: (field: string) => TStepError | undefined;
  touch: (field: string) => void;
  /** The most characters the shared schema takes in a text field (issue 18 item 5). */
  maxLength?: (field: string) => number | undefined;
};

/**
 * A form step over one shared schema slice. The values live in the frame (Back keeps them); this
 * holds which fields were touched, so messages appear once the user has been there.
 */
export function useStepForm(
  schema: z.ZodType,
  order: readonly string[],
  values: TValues,
  onChange: (next: TValues) => void,
  /** The open step: another step starts with nothing touched (fields share names across steps). */
  stepKey: number,
): TStepForm {
  const [state, setState] = useState<{ key: number; fields: Set<string> }>(() => ({
    key: stepKey,
    fields: new Set(),
  }));
  const touched = state.key === stepKey ? state.fields : new Set<string>();
  const setTouched = (update: (prev: Set<string>) => Set<string>) =>
    setState((prev) => {
      const fields = update(prev.key === stepKey ? prev.fields : new Set());
      return prev.key === stepKey && fields === prev.fields ? prev : { key: stepKey, fields };
    });
  const errors = useMemo(() => stepErrors(schema, values, order), [schema, values, order]);
  const shown = errors.filter((e) => touched.has(e.field) || (e.field === '' && touched.size > 0));
  const touch = (field: string) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));
  return {
    values,
    set: (name, value) => {
      onChange({ ...values, [name]: value });
      touch(name);
    },
    setMany: (patch) => {
      onChange({ ...values, ...patch });
      for (const name of Object.keys(patch)) touch(name);
    },
    valid: errors.length === 0,
    errors,
    shown,
    errorOf: (field) => shown.find((e) => e.field === field),
    touch,
    maxLength: (field) => maxLengthOf(schema, field),
  };
}

/** Whether two step values differ (the "changed since load" rule): JSON of both sides. */
export function changed(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalize(a)) !== JSON.stringify(normalize(b));
}

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as TValues)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalize(v)]),
    );
  }
  return value;
}
