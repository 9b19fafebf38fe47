import {
  COUNTRIES,
  GENDERS,
  LANGUAGE_TYPES,
  LANGUAGES,
  QUALIFICATION_TYPES,
  RELATIONSHIPS,
} from '@uniapply/shared';
import { describe, expect, it } from 'vitest';
import { PDF_TEXTS, pdfTextsFor } from './index.js';

/** Every key path of a nested catalogue, sorted. */
const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    .sort();

describe('the PDF catalogues', () => {
  it('en, uz and ru have the same keys, none empty', () => {
    const en = keys(PDF_TEXTS.en);
    for (const language of LANGUAGES) {
      expect([language, keys(PDF_TEXTS[language])]).toEqual([language, en]);
      const values = JSON.stringify(PDF_TEXTS[language]);
      expect(values).not.toContain('""');
    }
  });

  it('name every value of the shared enums', () => {
    const { enums } = PDF_TEXTS.en;
    expect(Object.keys(enums.countries)).toEqual([...COUNTRIES]);
    expect(Object.keys(enums.genders)).toEqual([...GENDERS]);
    expect(Object.keys(enums.relationships)).toEqual([...RELATIONSHIPS]);
    expect(Object.keys(enums.qualificationTypes)).toEqual([...QUALIFICATION_TYPES]);
    expect(Object.keys(enums.languageTypes)).toEqual([...LANGUAGE_TYPES]);
  });

  it('a user without a saved language gets Uzbek, the default', () => {
    expect(pdfTextsFor(null).language).toBe('uz');
    expect(pdfTextsFor('fr').language).toBe('uz');
    expect(pdfTextsFor('ru').texts.sections.personal).toBe('Личные данные');
  });
});
