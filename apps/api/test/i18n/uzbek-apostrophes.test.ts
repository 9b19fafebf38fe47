import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STUDENTS, DEMO_USERS } from '../../src/db/seed/people-data.js';
import { DEMO_TEXTS } from '../../src/modules/auth/demo-provider/texts.js';

// Uzbek has one apostrophe for each of its two uses (issue 20 item 2): ʻ (U+02BB) in the letters
// oʻ and gʻ, ʼ (U+02BC) for the tutuq belgisi (taʼlim, maʼlumot, sanʼat). Never ‘ ’ ` or ASCII '
// after a letter, never oʼ/gʼ, never ʻ after another letter. The texts are every Uzbek catalogue of
// the web (which the mails and the PDF read too), the demo provider's Uzbek pages and the seed's
// Uzbek people.

/** English proper names inside Uzbek text keep their own apostrophe. */
const PROPER_NAMES = ["Taylor's"];

const RULES: { fault: RegExp; use: string }[] = [
  { fault: /\p{L}['‘’`]/gu, use: 'ʻ after o/g, ʼ otherwise' },
  { fault: /[oOgG]ʼ/gu, use: 'ʻ (U+02BB) in oʻ/gʻ' },
  { fault: /(?<=\p{L})(?<![oOgG])ʻ/gu, use: 'ʼ (U+02BC) for the tutuq belgisi' },
];

export function apostropheFaults(where: string, text: string): string[] {
  const checked = PROPER_NAMES.reduce((s, name) => s.replaceAll(name, ''), text);
  return RULES.flatMap(({ fault, use }) =>
    [...checked.matchAll(fault)].map(
      (m) => `${where}: "${checked.slice(Math.max(0, m.index - 12), m.index + 6)}" (use ${use})`,
    ),
  );
}

/** Every string inside a value, with where it is. */
function strings(where: string, value: unknown): { where: string; text: string }[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(`${where}.${k}`, v));
  return [];
}

const LOCALES = path.resolve(import.meta.dirname, '../../../web/src/locales/uz');
const catalogues = readdirSync(LOCALES).filter((f) => f.endsWith('.json'));

describe('Uzbek apostrophes', () => {
  it('the rules catch each wrong apostrophe and pass the right ones', () => {
    expect(apostropheFaults('t', 'Taʼlim, maʼlumot, oʻqish, Oʻzbekiston, gʻoya, YouTubeʼda')).toEqual([]);
    for (const wrong of ["o'qish", 'o‘qish', 'o’qish', 'o`qish', 'taʻlim', 'oʼqish', 'gʼoya', "ma'lumot"])
      expect(apostropheFaults('t', wrong), wrong).toHaveLength(1);
  });

  it.each(catalogues)('the Uzbek catalogue %s', (file) => {
    const json = JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8'));
    expect(strings(`uz/${file}`, json).flatMap(({ where, text }) => apostropheFaults(where, text))).toEqual(
      [],
    );
  });

  // A suffix joins its word ("Taʼlimni oʻzgartirish", never "Taʼlim ni"): a value put in by
  // {{name}} is never followed by a separated case suffix.
  it.each(catalogues)('the Uzbek catalogue %s attaches each suffix to its word', (file) => {
    const json = JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8'));
    const separated = strings(`uz/${file}`, json).filter(({ text }) =>
      /\}\} (ni|ning|ga|da|dan|dagi|gacha)(?!\p{L})/u.test(text),
    );
    expect(separated.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });

  it("the demo provider's Uzbek pages and the seed's Uzbek people", () => {
    const texts = [
      ...strings('DEMO_TEXTS.uz', DEMO_TEXTS.uz),
      ...strings('DEMO_USERS', DEMO_USERS),
      ...strings('DEMO_STUDENTS', DEMO_STUDENTS),
    ];
    expect(texts.flatMap(({ where, text }) => apostropheFaults(where, text))).toEqual([]);
  });
});
