import { CURRENCIES } from '@uniapply/shared';

/** BCP 47 tags for Intl: Uzbek in the Latin script, as the portal writes it. */
const LOCALES = { en: 'en', uz: 'uz-Latn', ru: 'ru' } as const;

export function localeOf(language: string): string {
  return LOCALES[language as keyof typeof LOCALES] ?? 'en';
}

/** "MYR 45,000" in English, "45 000 MYR" in Russian and Uzbek; cents only when there are some. */
export function formatPrice(price: number, currencyIndex: number, language: string): string {
  const currency = CURRENCIES[currencyIndex];
  const fraction = Number.isInteger(price) ? 0 : 2;
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  };
  if (!currency) return new Intl.NumberFormat(localeOf(language), options).format(price);
  return new Intl.NumberFormat(localeOf(language), {
    ...options,
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(price);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(value);
}
