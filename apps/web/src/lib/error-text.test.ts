import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorText } from './error-text';
import { createI18n } from './i18n';

const i18n = await createI18n();
await i18n.changeLanguage('en');
const t = i18n.t;

describe('errorText', () => {
  it('gives a problem code its text in the language, with its params', () => {
    const error = new ApiError(413, 'File too large', '', [], 'fileTooLarge', { limitMb: 10 });
    expect(errorText(t, error)).toBe('The file is larger than 10\u00a0MB.');
  });

  it("formats the 413's limit through the one formatter: 0.5 MB reads 0,5 in Uzbek and Russian", async () => {
    const error = new ApiError(413, 'File too large', '', [], 'fileTooLarge', { limitMb: 0.5 });
    try {
      await i18n.changeLanguage('uz');
      expect(errorText(i18n.t, error)).toBe('Fayl 0,5\u00a0MB dan katta.');
      await i18n.changeLanguage('ru');
      expect(errorText(i18n.t, error)).toBe('Файл больше 0,5\u00a0МБ.');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(errorText(i18n.t, error)).toBe('The file is larger than 0.5\u00a0MB.');
  });

  it('names what still uses a row in the language, as the API client does', () => {
    const error = new ApiError(409, 'In use', '', [], 'inUse', { uses: [{ what: 'courses', count: 1 }] });
    expect(errorText(t, error)).toBe('This item is still used (courses: 1) and cannot be deleted.');
  });

  it('falls back to the server’s message for a code without a text', () => {
    const error = new ApiError(400, 'Some new problem', '', [], 'somethingNew' as never);
    expect(errorText(t, error)).toBe('Some new problem');
  });

  it('says the connection failed, or the wait ran out, when no answer came', () => {
    expect(errorText(t, new ApiError(0, 'Network error', '', [], 'network'))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(errorText(t, new ApiError(0, 'Request timed out', '', [], 'timeout'))).toBe(
      'The server took too long to answer. Please try again.',
    );
  });

  it('asks to wait after too many attempts, coded or not', () => {
    expect(errorText(t, new ApiError(429, 'Too Many Requests'))).toBe(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it('says an uncoded answer’s own message, or the caller’s text instead when it gives one', () => {
    const refused = new ApiError(409, 'This course category is used by 3 courses.');
    expect(errorText(t, refused)).toBe('This course category is used by 3 courses.');
    expect(errorText(t, refused, 'common:list.loadFailed')).toBe(t('common:list.loadFailed'));
    expect(t('common:list.loadFailed')).not.toBe('list.loadFailed');
  });

  it('shows a generic text (or the caller’s) for an unknown error, never its raw message', () => {
    expect(errorText(t, new TypeError('x is undefined'))).toBe('Something went wrong. Please try again.');
    expect(errorText(t, 'boom', 'common:list.loadFailed')).toBe(t('common:list.loadFailed'));
  });
});
