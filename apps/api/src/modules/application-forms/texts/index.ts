import { DEFAULT_LANGUAGE, LANGUAGES, type TAppLanguage } from '@uniapply/shared';
import { en, type TPdfTexts } from './en.js';
import { ru } from './ru.js';
import { uz } from './uz.js';

export type { TPdfTexts } from './en.js';

export const PDF_TEXTS: Record<TAppLanguage, TPdfTexts> = { en, uz, ru };

/** The catalogue of a saved appLanguage; anything else (none saved) gets the default, Uzbek. */
export function pdfTextsFor(language: string | null | undefined): {
  language: TAppLanguage;
  texts: TPdfTexts;
} {
  const known = (LANGUAGES as readonly string[]).includes(language ?? '');
  const chosen = (known ? language : DEFAULT_LANGUAGE) as TAppLanguage;
  return { language: chosen, texts: PDF_TEXTS[chosen] };
}
