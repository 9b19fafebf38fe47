import { z } from 'zod';
import { CURRENCIES } from '../enums.js';
import { zDate, zId, zIndex, zRequiredText } from '../fields.js';

// Dated exchange rates (issue 20 item 1), kept by admins as a catalogue resource. A rate is exact
// decimal text ("12800.5": one `from` is `rate` of `to`), stored as numeric, never a float
// (docs/decisions.md "Exchange rates: exact decimal text"). A price converts with the latest rate
// on or before today (the day in RATE_TIME_ZONE) linking its currency and the reader's, the pair
// as kept or its inverse; the API's converted-price filter (university-course definition) makes
// the same choice in SQL, so what a card shows is what the range compares.

/** The currencies a reader may see prices in. */
export const READER_CURRENCIES = ['UZS', 'USD', 'MYR'] as const;
export type TReaderCurrency = (typeof READER_CURRENCIES)[number];
export const DEFAULT_READER_CURRENCY: TReaderCurrency = 'UZS';
/** Where "today" is for the rates: the portal's home zone. */
export const RATE_TIME_ZONE = 'Asia/Tashkent';

/** Up to 12 whole digits and 10 decimals, as numeric(22, 10) holds them. */
const RATE_TEXT = /^\d{1,12}(\.\d{1,10})?$/;

const currencyIndex = zIndex(0, CURRENCIES.length - 1);

const ZExchangeRateFields = z.object({
  fromCurrency: currencyIndex,
  toCurrency: currencyIndex,
  rate: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .regex(RATE_TEXT, 'validation.number')
    .refine((v) => /[1-9]/.test(v), 'validation.positive'),
  date: zDate,
  source: zRequiredText(200),
});
const differentCurrencies = (v: { fromCurrency: number; toCurrency: number }) =>
  v.fromCurrency !== v.toCurrency;
const SAME_CURRENCY = { path: ['toCurrency'], message: 'validation.sameCurrency' };

export const ZExchangeRateInput = ZExchangeRateFields.refine(differentCurrencies, SAME_CURRENCY);
export const ZExchangeRate = ZExchangeRateFields.extend({ id: zId }).refine(
  differentCurrencies,
  SAME_CURRENCY,
);
export type TExchangeRateInput = z.infer<typeof ZExchangeRateInput>;
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

/** What conversion needs of a rate row. */
export type TRateRow = Pick<TExchangeRate, 'id' | 'fromCurrency' | 'toCurrency' | 'rate' | 'date'>;
/** The rate that applies: `inverse` when the kept pair runs the other way (divide by it). */
export type TAppliedRate = { rate: string; inverse: boolean; date: string | null };
export type TConvertedPrice = { amount: number; currency: string; date: string | null };

/**
 * The latest rate on or before `today` between two currency indexes: of one day, the pair as kept
 * before its inverse, then the later entered (higher id). A currency to itself is 1 (no date).
 */
export function findRate(
  rates: readonly TRateRow[],
  from: number,
  to: number,
  today: string,
): TAppliedRate | null {
  if (from === to) return { rate: '1', inverse: false, date: null };
  let best: { row: TRateRow; inverse: boolean } | null = null;
  for (const row of rates) {
    const direct = row.fromCurrency === from && row.toCurrency === to;
    const inverse = row.fromCurrency === to && row.toCurrency === from;
    if ((!direct && !inverse) || row.date > today) continue;
    if (!best || ranksAbove(row, direct, best.row, !best.inverse)) best = { row, inverse };
  }
  return best ? { rate: best.row.rate, inverse: best.inverse, date: best.row.date } : null;
}

function ranksAbove(a: TRateRow, aDirect: boolean, b: TRateRow, bDirect: boolean): boolean {
  if (a.date !== b.date) return a.date > b.date;
  if (aDirect !== bDirect) return aDirect;
  return a.id > b.id;
}

/** Decimal text as an integer and its scale: '12.5' → [125n, 1]. */
function scaled(text: string): [bigint, number] {
  const [whole = '0', fraction = ''] = text.split('.');
  return [BigInt(whole + fraction), fraction.length];
}

/** n / d rounded half away from zero (both positive). */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/**
 * `amount` (whole units with at most 2 decimals, as the catalogue keeps prices) in the currency
 * `to`, rounded half away from zero to cents, computed exactly; null when no rate links them.
 */
export function applyRate(amount: number, applied: TAppliedRate): number {
  const cents = BigInt(Math.round(Math.abs(amount) * 100));
  const [rate, scale] = scaled(applied.rate);
  const unit = 10n ** BigInt(scale);
  const result = applied.inverse ? roundDiv(cents * unit, rate) : roundDiv(cents * rate, unit);
  return (amount < 0 ? -1 : 1) * (Number(result) / 100);
}

/** A price in the reader's currency with the rate's date, or null when no rate links the two. */
export function convertPrice(
  amount: number,
  fromIndex: number,
  to: string,
  rates: readonly TRateRow[],
  today: string,
): TConvertedPrice | null {
  const toIndex = (CURRENCIES as readonly string[]).indexOf(to);
  if (toIndex < 0) return null;
  const applied = findRate(rates, fromIndex, toIndex, today);
  return applied ? { amount: applyRate(amount, applied), currency: to, date: applied.date } : null;
}
