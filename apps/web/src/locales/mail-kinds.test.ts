import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, MAIL_JOB_STATUSES, MAIL_KINDS } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';

// The admin's Outbox names each mail's kind and state: every kind the queue can hold has a label in
// each language (the reminder and conditions-met kinds once showed their raw keys).
const read = (language: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, language, 'mail.json'), 'utf8'));

describe.each(LANGUAGES)('the Outbox labels in %s', (language) => {
  it('every mail kind has mail:kind.<kind>', () => {
    const kinds = read(language).kind as Record<string, unknown>;
    expect(MAIL_KINDS.filter((kind) => typeof kinds[kind] !== 'string' || !kinds[kind])).toEqual([]);
  });

  it('every mail state has mail:status.<state>', () => {
    const states = read(language).status as Record<string, unknown>;
    expect(MAIL_JOB_STATUSES.filter((s) => typeof states[s] !== 'string' || !states[s])).toEqual([]);
  });
});
