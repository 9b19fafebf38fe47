// Loaded on demand (see contact-form.tsx): zod stays out of the landing page's first download.
import { issueMessage, type TContactMessageInput, ZContactMessageInput } from '@uniapply/shared';

export type TContactIssues = {
  field: keyof TContactMessageInput;
  message: string;
  params?: Record<string, unknown>;
}[];

export function checkContactMessage(
  input: TContactMessageInput,
): { ok: true; value: TContactMessageInput } | { ok: false; issues: TContactIssues } {
  const result = ZContactMessageInput.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((i) => ({
      field: i.path[0] as keyof TContactMessageInput,
      ...issueMessage(i),
    })),
  };
}
