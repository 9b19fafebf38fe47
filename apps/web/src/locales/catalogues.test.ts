import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  COUNTRIES,
  CURRENCIES,
  GENDERS,
  LANGUAGE_TYPES,
  LANGUAGES,
  QUALIFICATION_TYPES,
  RELATIONSHIPS,
  REQUIRED_LANGUAGES,
  ROLES,
} from '@uniapply/shared';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const namespaces = (language: string) =>
  readdirSync(path.join(dir, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  throw new Error(`${prefix}: only strings and objects belong in a catalogue`);
}

describe('message catalogues', () => {
  it('have the same namespace files in every language', () => {
    for (const language of LANGUAGES) expect(namespaces(language), language).toEqual(namespaces('en'));
  });

  describe.each(namespaces('en'))('namespace %s', (namespace) => {
    const english = flatten(read('en', namespace)).sort();
    it.each(LANGUAGES.filter((l) => l !== 'en'))('has the same keys in %s as in English', (language) => {
      expect(flatten(read(language, namespace)).sort()).toEqual(english);
    });
    it.each([...LANGUAGES])('has no empty texts in %s', (language) => {
      const texts = JSON.stringify(read(language, namespace));
      expect(texts).not.toMatch(/:""/);
    });
  });

  it('translate every validation message key the shared schemas use', () => {
    const sharedDir = path.resolve(dir, '../../../../packages/shared/src');
    const sources = readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(path.join(sharedDir, f), 'utf8'))
      .join('\n');
    const used = [...new Set([...sources.matchAll(/'validation\.(\w+)'/g)].map((m) => m[1]!))];
    expect(used.length).toBeGreaterThan(10);
    const known = Object.keys(read('en', 'validation'));
    expect(used.filter((key) => !known.includes(key))).toEqual([]);
  });

  it('name every value of the shared enums', () => {
    const enums = read('en', 'enums') as Record<string, Record<string, string>>;
    const expectKeys = (group: string, keys: readonly string[]) =>
      expect(Object.keys(enums[group] ?? {}).sort(), group).toEqual([...keys].sort());
    expectKeys('countries', COUNTRIES);
    expectKeys('currencies', CURRENCIES);
    expectKeys('genders', GENDERS);
    expectKeys('relationships', RELATIONSHIPS);
    expectKeys('qualificationTypes', QUALIFICATION_TYPES);
    expectKeys('languageTypes', LANGUAGE_TYPES);
    expectKeys(
      'requiredLanguages',
      REQUIRED_LANGUAGES.map((r) => r.key),
    );
    expectKeys('roles', ROLES);
  });
});
