import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  formatNumber,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type TAppLanguage,
} from '@uniapply/shared';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { START_BUNDLES } from '../locales/start-bundles';
import { setErrorTranslator } from './api';
import { readStorage } from './storage';

// Catalogues live in src/locales/<language>/<namespace>.json. Each file is its own small chunk,
// loaded when a screen first asks for its namespace, so the landing page carries only its own
// texts in one language. A new namespace is a new file in each of the three folders.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  // These come in one chunk per language (locales/start-bundles.ts); keep the list in step with
  // START_NAMESPACES.
  '!../locales/*/{common,landing,auth,validation}.json',
  // The mails' own texts: read by the server only (apps/api/src/modules/mail/templates.ts).
  '!../locales/*/mailTexts.json',
]);

/** Namespaces every screen may need; the landing page renders with these. */
export const START_NAMESPACES = ['common', 'landing', 'auth', 'validation'] as const;

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const bundle = START_BUNDLES[language];
    if (bundle && (START_NAMESPACES as readonly string[]).includes(namespace)) {
      bundle().then(
        (module) => callback(null, module.default[namespace] as Record<string, unknown>),
        (err: Error) => callback(err, false),
      );
      return;
    }
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (err: Error) => callback(err, false),
    );
  },
};

export function isAppLanguage(value: unknown): value is TAppLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Language rules (DESIGN 2, 6): a choice stored in localStorage `appLanguage` wins ('ru-RU' reads as
 * Russian; a language the portal does not speak falls back to English); with none the portal
 * speaks the language of the `appLanguage` cookie (the server sent the page prerendered in it,
 * issue 20 item 7; the app writes it, below), else Uzbek. Nothing here stores a choice: only an
 * explicit one (or the account's language) is stored.
 */
export function startLanguage(): TAppLanguage {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  if (!stored) return cookieLanguage() ?? DEFAULT_LANGUAGE;
  const base = stored.toLowerCase().split('-')[0];
  return isAppLanguage(base) ? base : FALLBACK_LANGUAGE;
}

export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: startLanguage(),
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [...START_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes.
      react: { useSuspense: true },
      returnNull: false,
    });
  // `{{value, number}}` in a catalogue goes through the one formatter (never the browser's locale
  // data, which has no Uzbek): '0,5' and '1 500' in uz and ru. A text already formatted passes.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
    typeof value === 'number' ? formatNumber(value, lng ?? instance.language) : String(value),
  );
  // The API client gives every failure the text of its code in the current language.
  setErrorTranslator((key, params) => (instance.exists(key) ? instance.t(key, params ?? {}) : undefined));
  const syncHtmlLang = (language: string) => {
    const shown = currentLanguage(instance, language);
    document.documentElement.lang = shown;
    // Read by pages the SPA does not render (the demo sign-in page), so they speak the same language.
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve.
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${shown}; path=/; max-age=31536000; samesite=lax`;
  };
  syncHtmlLang(instance.language);
  instance.on('languageChanged', syncHtmlLang);
  return instance;
}

/** The supported language the `appLanguage` cookie names, if any. */
function cookieLanguage(): TAppLanguage | undefined {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_STORAGE_KEY)?.[1];
  return isAppLanguage(value) ? value : undefined;
}

/** The supported language in use ('ru-RU' → 'ru'; anything unsupported → English). */
export function currentLanguage(instance: I18n, language = instance.resolvedLanguage ?? instance.language) {
  const base = (language ?? '').toLowerCase().split('-')[0];
  return isAppLanguage(base) ? base : FALLBACK_LANGUAGE;
}

/**
 * Shared schemas carry message keys such as 'validation.required' or 'enums.countries.malaysia':
 * the first segment is the namespace. Unknown keys are shown as given.
 */
export function translateKey(t: I18n['t'], key: string, options: Record<string, unknown> = {}): string {
  const dot = key.indexOf('.');
  if (dot <= 0) return key;
  const qualified = `${key.slice(0, dot)}:${key.slice(dot + 1)}`;
  // A too-long text with its limit (the shared schemas' `max`, issue 18 item 5) says the limit.
  const limit =
    key === 'validation.tooLong' && typeof options.max === 'number'
      ? { context: 'max', count: options.max }
      : {};
  return t(qualified, { defaultValue: key, ...options, ...limit }) as string;
}
