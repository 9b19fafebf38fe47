import { FALLBACK_LANGUAGE, type TAppLanguage } from './enums.js';
import { formatMessage } from './errors.js';

// The server's reading of the web's translation catalogues (apps/web/src/locales/<language>/
// <namespace>.json), so a label the PDF or a mail shows is translated once, in the same files the
// web reads. Keys are i18next's `namespace:dotted.path`, `{{name}}` interpolated.

/** One catalogue, or undefined when the language has no such namespace. */
export type TCatalogueReader = (language: TAppLanguage, namespace: string) => unknown;

const lookup = (catalogue: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

/**
 * `t(key, params)` in `language`, falling back to English (as the web does) and then to the key
 * itself, so a missing text shows up as its key rather than as nothing.
 */
export function createTranslator(read: TCatalogueReader, language: TAppLanguage) {
  return (key: string, params?: Record<string, unknown>): string => {
    const colon = key.indexOf(':');
    const [namespace, dotted] = colon < 0 ? ['common', key] : [key.slice(0, colon), key.slice(colon + 1)];
    for (const lang of [language, FALLBACK_LANGUAGE]) {
      const text = lookup(read(lang, namespace), dotted);
      if (typeof text === 'string') return formatMessage(text, params);
    }
    return key;
  };
}
export type TServerTranslate = ReturnType<typeof createTranslator>;
