import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One term per concept in each language (uz: "toifa" for a course category, never "turkum" or
// "yoʻnalish"; ru: "категория", "курс"; en: "category"). A rejected term found here is a second
// word for the same thing.
const REJECTED: Record<string, { term: RegExp; use: string }[]> = {
  uz: [
    { term: /turkum/i, use: 'toifa (category)' },
    { term: /yoʻnalish/i, use: 'toifa (category)' },
  ],
  ru: [
    { term: /направлени/i, use: 'категория (category)' },
    { term: /программ(?!а\))/i, use: 'курс (course)' },
  ],
  en: [
    { term: /field of study|, field and/i, use: 'category' },
    { term: /programme/i, use: 'course' },
  ],
};

const dir = import.meta.dirname;
const texts = (language: string) =>
  readdirSync(path.join(dir, language))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const lines = readFileSync(path.join(dir, language, f), 'utf8').split('\n');
      return lines.map((line, i) => ({ where: `${language}/${f}:${i + 1}`, line }));
    });

describe('one term per concept', () => {
  it.each(Object.keys(REJECTED))('the %s catalogue uses no rejected term', (language) => {
    const found = texts(language).flatMap(({ where, line }) =>
      REJECTED[language]!.filter(({ term }) => term.test(line)).map(({ use }) => `${where}: use ${use}`),
    );
    expect(found).toEqual([]);
  });
});
