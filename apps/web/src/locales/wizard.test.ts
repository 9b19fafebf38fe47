import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, OTHERS_REQUIRED, WIZARD_MESSAGE_KEYS, WIZARD_MESSAGES } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';

// The wizard's shared schemas hand out `wizard.*` keys (packages/shared/src/application); every
// one needs a text in each language, and the catalogue holds nothing the code does not use.

const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const lookup = (catalogue: Record<string, unknown>, dotted: string) =>
  dotted
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
const flatten = (value: unknown, prefix: string): string[] =>
  typeof value === 'string'
    ? [prefix]
    : Object.entries(value as object).flatMap(([k, v]) => flatten(v, `${prefix}.${k}`));

describe('wizard catalogue', () => {
  it.each([...LANGUAGES])('has a text for every wizard key in %s', (language) => {
    const wizard = read(language, 'wizard');
    const missing = WIZARD_MESSAGE_KEYS.filter(
      (key) => typeof lookup(wizard, key.replace(/^wizard\./, '')) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  // The step screens' own texts (lists, dialogs, upload slots) live beside the shared keys.
  const SCREEN_TEXTS = /^wizard\.(steps\.lists|documents)\./;
  it("holds only keys the shared wizard code uses, besides the step screens' own texts", () => {
    const shared = flatten(read('en', 'wizard'), 'wizard').filter((key) => !SCREEN_TEXTS.test(key));
    expect(shared.sort()).toEqual([...WIZARD_MESSAGE_KEYS].sort());
  });

  it.each([...LANGUAGES])('names the field in fillIn and invalid in %s', (language) => {
    const wizard = read(language, 'wizard');
    for (const key of [WIZARD_MESSAGES.fillIn, WIZARD_MESSAGES.invalid]) {
      expect(lookup(wizard, key.replace(/^wizard\./, '')), key).toContain('{{field}}');
    }
  });

  it("keeps the spec's English wording", () => {
    const english = read('en', 'wizard');
    const text = (key: string) => lookup(english, key.replace(/^wizard\./, ''));
    expect(text(WIZARD_MESSAGES.fillIn)).toBe('Please fill in the {{field}} field');
    expect(text(WIZARD_MESSAGES.email)).toBe('Please enter a valid email address');
    expect(text(WIZARD_MESSAGES.phone)).toBe('Please enter a valid phone number');
    // The Others rule is the records' own, one message for the wizard and the record forms.
    expect(lookup(read('en', 'validation'), OTHERS_REQUIRED.replace(/^validation\./, ''))).toBe(
      "Please fill in the 'Others' field",
    );
    expect(text(WIZARD_MESSAGES.selectOne)).toBe('Please select at least one option.');
    expect(text(WIZARD_MESSAGES.agentId)).toBe('Please specify Agent Id.');
    expect(text(WIZARD_MESSAGES.heardAbout)).toBe('Please specify where you heard about us.');
    expect(text(WIZARD_MESSAGES.uploadDocuments)).toBe(
      'Please upload all required documents before proceeding.',
    );
    expect(text('wizard.experience.present')).toBe('Present');
  });
});
