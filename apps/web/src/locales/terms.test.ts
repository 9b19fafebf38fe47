import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One term per concept in each language (uz: "toifa" for a course category, never "turkum" or
// "yoʻnalish"; ru: "категория", "курс"; en: "category"). Issue 20 adds filter, price and submitted
// (the glossary in docs/decisions.md). A rejected term found here is a second word for the same thing.
const REJECTED: Record<string, { term: RegExp; use: string }[]> = {
  uz: [
    { term: /turkum/i, use: 'toifa (category)' },
    { term: /yoʻnalish/i, use: 'toifa (category)' },
    { term: /saralash/i, use: 'filtrlash (filter)' },
    { term: /toʻlov(?!lar)|eng past narx/i, use: 'narx, eng kam narx (price)' },
    { term: /topshirilgan|arizangiz topshirildi/i, use: 'yuborilgan (submitted)' },
    // "muddat" is a deadline; an intake is "qabul" (session 8).
    { term: /qabul muddat/i, use: 'qabul (intake)' },
  ],
  ru: [
    { term: /направлени/i, use: 'категория (category)' },
    { term: /программ(?!а\))/i, use: 'курс (course)' },
    { term: /(^|[^а-яё])цен[аыуе]?([^а-яё]|$)/i, use: 'стоимость (price)' },
    { term: /подана|поданн|подачи/i, use: 'отправлена (submitted)' },
    { term: /отбор/i, use: 'фильтр (filter)' },
    { term: /поток/i, use: 'набор (intake)' },
  ],
  en: [
    { term: /field of study|, field and/i, use: 'category' },
    { term: /programme/i, use: 'course' },
    { term: /\bfees?\b|\bcost\b/i, use: 'price' },
  ],
};

const dir = import.meta.dirname;
const texts = (language: string) =>
  readdirSync(path.join(dir, language))
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      const lines = readFileSync(path.join(dir, language, f), 'utf8').split('\n');
      // What a reader sees: the value, not its JSON key, nor a `{{placeholder}}`'s name.
      return lines.map((line, i) => ({
        where: `${language}/${f}:${i + 1}`,
        line: line.replace(/^\s*"[^"]*":\s*/, '').replace(/\{\{[^}]*\}\}/g, ''),
      }));
    });

describe('one term per concept', () => {
  it.each(Object.keys(REJECTED))('the %s catalogue uses no rejected term', (language) => {
    const found = texts(language).flatMap(({ where, line }) =>
      REJECTED[language]!.filter(({ term }) => term.test(line)).map(({ use }) => `${where}: use ${use}`),
    );
    expect(found).toEqual([]);
  });
});
