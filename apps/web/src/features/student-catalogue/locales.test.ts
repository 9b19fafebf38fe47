import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Same keys in every language are checked for all namespaces in src/locales/catalogues.test.ts;
// here: each translation keeps the English text's {{placeholders}}, or a value would go missing.
const LOCALES = join(import.meta.dirname, '../../locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('studentCatalogue texts', () => {
  const load = (language: string) =>
    JSON.parse(readFileSync(join(LOCALES, language, 'studentCatalogue.json'), 'utf8')) as Record<
      string,
      unknown
    >;

  it.each(['uz', 'ru'])('%s keeps every {{placeholder}} of the English text', (language) => {
    const en = load('en');
    const other = load(language);
    const flat = (obj: unknown, prefix = ''): [string, string][] =>
      typeof obj === 'string'
        ? [[prefix, obj]]
        : Object.entries(obj as object).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k));
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const english = new Map(flat(en).map(([k, v]) => [k.replace(PLURAL, ''), placeholders(v)]));
    for (const [key, text] of flat(other)) {
      expect(placeholders(text), `${language}:${key}`).toEqual(english.get(key.replace(PLURAL, '')));
    }
  });
});
