import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPLICATION_DESCRIPTION, DOCUMENT_TYPES, LANGUAGES, OTHER_INFO_SOURCES } from '@uniapply/shared';
import { describe, expect, it } from 'vitest';

// The shared application description (issue 19) names its labels by the web's i18n keys; the
// review step, the admin's record and the server's PDF all read them from these catalogues.

const read = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, language, `${namespace}.json`), 'utf8'));
const text = (language: string, key: string) => {
  const [namespace, dotted] = key.split(':') as [string, string];
  return dotted
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      read(language, namespace),
    );
};

/** Every key the description can show: titles, labels, each enum value's and choice's label. */
function descriptionKeys(): string[] {
  const keys = ['applicationForms:none', 'applicationForms:notGiven', 'applicationForms:noFile'];
  for (const section of APPLICATION_DESCRIPTION) {
    keys.push(section.titleKey);
    for (const field of section.fields) {
      keys.push(field.labelKey);
      const show = field.show;
      if (show.as === 'date' && show.blankKey) keys.push(show.blankKey);
      if (show.as === 'choices') keys.push(...[...OTHER_INFO_SOURCES, 'agent', 'others'].map(show.labelKey));
      if (show.as === 'enum') {
        const values =
          field.name === 'documentType' ? DOCUMENT_TYPES.map((d) => d.id) : [...Array(30).keys()];
        keys.push(...values.map(show.labelKey).filter((k): k is string => k !== null));
      }
    }
  }
  return keys;
}

describe('the application description', () => {
  it.each([...LANGUAGES])('has a text for every label key in %s', (language) => {
    const missing = descriptionKeys().filter((key) => typeof text(language, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each([...LANGUAGES])("has the PDF's own texts in %s", (language) => {
    const pdf = read(language, 'applicationForms') as { pdf: Record<string, string> };
    expect(Object.keys(pdf.pdf).sort()).toEqual(
      Object.keys((read('en', 'applicationForms') as typeof pdf).pdf).sort(),
    );
  });
});
