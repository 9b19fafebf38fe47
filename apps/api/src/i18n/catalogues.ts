import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type TAppLanguage,
  type TServerTranslate,
} from '@uniapply/shared';

// The web's catalogues, read by the server (issue 19): apps/web/src/locales, found from this file's
// place, which is the same from src and from dist (scripts/build-api.mjs keeps the layout).

const LOCALES = path.resolve(import.meta.dirname, '../../../web/src/locales');
const cache = new Map<string, unknown>();

/** A catalogue's JSON, read once per process (or worker thread); undefined when there is none. */
function readCatalogue(language: TAppLanguage, namespace: string): unknown {
  const id = `${language}/${namespace}`;
  if (!cache.has(id)) {
    let catalogue: unknown;
    if (/^\w+$/.test(namespace)) {
      try {
        catalogue = JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
      } catch {
        catalogue = undefined;
      }
    }
    cache.set(id, catalogue);
  }
  return cache.get(id);
}

/** `t(key, params)` over the web's catalogues in `language` (English as the fallback). */
export const serverTranslator = (language: TAppLanguage): TServerTranslate =>
  createTranslator(readCatalogue, language);

/** A saved appLanguage as a catalogue language; anything else (none saved) gets the default, Uzbek. */
export function catalogueLanguage(language: string | null | undefined): TAppLanguage {
  return (LANGUAGES as readonly string[]).includes(language ?? '')
    ? (language as TAppLanguage)
    : DEFAULT_LANGUAGE;
}
