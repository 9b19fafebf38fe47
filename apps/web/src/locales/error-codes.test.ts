import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, FIELD_ERROR_CODES, LANGUAGES } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';

// Issue 8 item 18: every machine code the API sends has a text in each language.
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, language, `${namespace}.json`), 'utf8'));

describe.each(LANGUAGES)('error codes in %s', (language) => {
  it('every problem code has common:errors.<code>', () => {
    const errors = read(language, 'common').errors as Record<string, unknown>;
    const missing = ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || !errors[code]);
    expect(missing).toEqual([]);
  });

  it('every field code has validation:<code>', () => {
    const validation = read(language, 'validation') as Record<string, unknown>;
    const missing = FIELD_ERROR_CODES.filter((code) => typeof validation[code] !== 'string');
    expect(missing).toEqual([]);
  });
});
