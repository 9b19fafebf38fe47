import { z } from 'zod';
import { isBlank } from '../fields.js';
import { requireOthers } from '../students/others.js';
import { issueMessage } from '../text-limits.js';
import { fieldKey, type TWizardFieldName, WIZARD_MESSAGES } from './messages.js';

// Building blocks of the step schemas: a required field wraps the record's own field schema (so
// the rules stay in one place) and adds the spec's 'Please fill in the {field name} field'.

/** The record's "Others required" rule (students/others.ts), its issue naming the wizard's field. */
export const requireStepOthers = (typeKey: string, othersValue: number) =>
  requireOthers(typeKey, othersValue, { field: fieldKey('others') });

/** Record messages the spec words differently inside the wizard (spec 5). */
const WIZARD_WORDING: Record<string, string> = {
  'validation.email': WIZARD_MESSAGES.email,
  'validation.phone': WIZARD_MESSAGES.phone,
};

/** zod's own English (a wrong type, say) becomes 'Please check the {field name} field'. */
const wizardWording = (message: string) =>
  WIZARD_WORDING[message] ?? (/^(validation|wizard)\./.test(message) ? message : WIZARD_MESSAGES.invalid);

export function fillInIssue(field: TWizardFieldName) {
  return { code: 'custom' as const, message: WIZARD_MESSAGES.fillIn, params: { field: fieldKey(field) } };
}

/**
 * A wizard field over `inner`, the record's own field schema: `inner`'s issues keep their keys,
 * except the ones the wizard words differently, and carry the field's name as a param. With a
 * `blankMessage`, blank (undefined, null, '' or spaces) gives that message instead. The input type
 * stays `inner`'s (or blank), so forms can hold empty values.
 */
function wizardField<T extends z.ZodType>(field: TWizardFieldName, inner: T, blankMessage: string | null) {
  // An optional field's key may be missing: the guard says so, and `inner` still sees the
  // undefined and gives its own default (null for optional texts).
  const guard = blankMessage
    ? z.custom<z.input<T> | null | undefined>()
    : z.custom<z.input<T> | null | undefined>().optional();
  return (
    guard
      // `continue: true` keeps the step's cross-field refinements running, so their issues take
      // part in the form-order sorting.
      .check((ctx) => {
        if (blankMessage && isBlank(ctx.value)) {
          ctx.issues.push({ ...fillInIssue(field), message: blankMessage, input: ctx.value, continue: true });
          return;
        }
        const result = inner.safeParse(ctx.value);
        if (result.success) return;
        for (const issue of result.error.issues) {
          // A too-long text names its limit (issue 18 item 5).
          const { message, params } = issueMessage(issue);
          ctx.issues.push({
            code: 'custom',
            message: wizardWording(message),
            path: issue.path,
            params: { ...params, field: fieldKey(field) },
            input: ctx.value,
            continue: true,
          });
        }
      })
      // The cast only widens the input side: blank values never reach `inner`.
      .pipe(inner as never) as unknown as z.ZodPipe<z.ZodType<z.input<T> | null | undefined>, T>
  );
}

/** A required field: blank gives 'Please fill in the {field name} field' (or `blankMessage`). */
export const requiredField = <T extends z.ZodType>(
  field: TWizardFieldName,
  inner: T,
  blankMessage: string = WIZARD_MESSAGES.fillIn,
) => wizardField(field, inner, blankMessage);

/** An optional field: `inner` decides about blanks; its messages are keyed like a required one's. */
export const optionalField = <T extends z.ZodType>(field: TWizardFieldName, inner: T) =>
  wizardField(field, inner, null);

/** Orders issues by the form's field order, so the first one is the first invalid field (spec 5). */
export function sortIssuesByForm(issues: readonly z.core.$ZodIssue[], order: readonly string[]) {
  const rank = (issue: z.core.$ZodIssue) => {
    const at = order.indexOf(String(issue.path[0] ?? ''));
    return at === -1 ? order.length : at;
  };
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => rank(a.issue) - rank(b.issue) || a.index - b.index)
    .map((x) => x.issue);
}

/** The first error of a step in form order, or null when the values pass. */
export function firstStepIssue(schema: z.ZodType, values: unknown, order: readonly string[]) {
  const result = schema.safeParse(values);
  if (result.success) return null;
  return sortIssuesByForm(result.error.issues, order)[0] ?? null;
}

/** How many of a step's items pass: an item passes when none of the step's issues touch its keys. */
export function countPassingItems(
  schema: z.ZodType,
  values: unknown,
  items: Readonly<Record<string, readonly string[]>>,
): number {
  const result = schema.safeParse(values);
  const failing = new Set(result.success ? [] : result.error.issues.map((i) => String(i.path[0] ?? '')));
  return Object.values(items).filter((keys) => keys.every((k) => !failing.has(k))).length;
}
