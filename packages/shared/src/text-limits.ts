import { z } from 'zod';

// Text limits read from the one schema (issue 18 item 5): the web shows a field's maximum length
// and says it when a text is too long, without restating the number.

type TAnySchema = z.core.$ZodType;

/** The object schema under optional, nullable, default, catch and pipes. */
function objectOf(schema: TAnySchema | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return objectOf(schema.unwrap() as TAnySchema);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch)
    return objectOf(schema.unwrap() as TAnySchema);
  if (schema instanceof z.ZodPipe)
    return objectOf(schema.in as TAnySchema) ?? objectOf(schema.out as TAnySchema);
  return undefined;
}

/** The text schema under the same wrappers (a wizard field is a guard piped into the record's). */
function stringOf(schema: TAnySchema | undefined): z.ZodString | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodString) return schema;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return stringOf(schema.unwrap() as TAnySchema);
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodCatch)
    return stringOf(schema.unwrap() as TAnySchema);
  if (schema instanceof z.ZodPipe)
    return stringOf(schema.in as TAnySchema) ?? stringOf(schema.out as TAnySchema);
  return undefined;
}

/** The most characters a text field of an object schema takes ('lastName' → 100); undefined if none. */
export function maxLengthOf(schema: TAnySchema, field: string): number | undefined {
  const value = stringOf(objectOf(schema)?.shape[field] as TAnySchema | undefined);
  return value?.maxLength ?? undefined;
}

type TIssueLike = { code?: string; origin?: string; maximum?: unknown; message: string; params?: unknown };

/**
 * A schema issue as its message key with params: a too-long text keeps 'validation.tooLong' and
 * gains `max` (and `count`, for plurals), so the web can say the limit ("At most 100 characters").
 */
export function issueMessage(issue: TIssueLike): { message: string; params: Record<string, unknown> } {
  const params = { ...((issue.params as Record<string, unknown> | undefined) ?? {}) };
  if (issue.code === 'too_big' && issue.origin === 'string' && issue.maximum !== undefined) {
    const max = Number(issue.maximum);
    return { message: issue.message, params: { ...params, max, count: max } };
  }
  return { message: issue.message, params };
}
