import { CURRENCIES, formatMoney, formatNumber as formatShared } from '@uniapply/shared';

// The catalogue's prices and scores through the one shared formatter (issue 18 item 8):
// "45,000 MYR" in English, "45 000 MYR" in Uzbek and Russian; cents only when there are some.

export function formatPrice(price: number, currencyIndex: number, language: string): string {
  return formatMoney(price, CURRENCIES[currencyIndex], language);
}

export function formatNumber(value: number, language: string): string {
  return formatShared(value, language);
}
