import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, translatedParams } from './api';

/**
 * The one way the web turns a failure into text in the user's language (issue 19 item 3):
 * - a problem's code reads `common:errors.<code>` with its params, lists of what uses a row named
 *   as the API client names them (timeout and network included; the server's English message
 *   when the code has no text yet);
 * - a refusal for too many attempts reads `common:errors.tooMany`;
 * - an answer without a code says the server's own message, or `fallbackKey` when the caller gives
 *   one (a list's "could not be loaded");
 * - anything else (a thrown bug) reads `fallbackKey`, else `common:errors.unexpected`: never raw.
 */
export function errorText(t: TFunction, error: unknown, fallbackKey?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('common:errors.tooMany') as string;
    if (error.code)
      return t(`common:errors.${error.code}`, {
        ...translatedParams(error.params),
        defaultValue: error.message,
      }) as string;
    if (error.message && !fallbackKey) return error.message;
  }
  return t(fallbackKey ?? 'common:errors.unexpected') as string;
}

/** `errorText` bound to the user's language: `const text = useErrorText(); text(query.error)`. */
export function useErrorText(fallbackKey?: string) {
  const { t } = useTranslation();
  return (error: unknown) => errorText(t, error, fallbackKey);
}
