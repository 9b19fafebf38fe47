import { DEFAULT_READER_CURRENCY, READER_CURRENCIES, type TReaderCurrency } from '@uniapply/shared';
import { useEffect, useState } from 'react';

// The currency a reader sees prices converted into (issue 20 item 1): UZS, USD or MYR, remembered
// in this browser by a plain cookie like the language's (`appCurrency`, not localStorage), and
// the same on every course screen of the tab at once.

export const CURRENCY_COOKIE = 'appCurrency';
const listeners = new Set<() => void>();

const isReaderCurrency = (value: unknown): value is TReaderCurrency =>
  typeof value === 'string' && (READER_CURRENCIES as readonly string[]).includes(value);

export function readReaderCurrency(): TReaderCurrency {
  const match = /(?:^|;\s*)appCurrency=([^;]*)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  const value = match?.[1];
  return isReaderCurrency(value) ? value : DEFAULT_READER_CURRENCY;
}

export function writeReaderCurrency(currency: TReaderCurrency): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, as the language's; the Cookie Store API is not in every browser we serve.
  document.cookie = `${CURRENCY_COOKIE}=${currency}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The reader's currency and the way to change it (every reader of it follows). */
export function useReaderCurrency(): [TReaderCurrency, (currency: TReaderCurrency) => void] {
  const [currency, setCurrency] = useState(readReaderCurrency);
  useEffect(() => subscribe(() => setCurrency(readReaderCurrency())), []);
  return [currency, writeReaderCurrency];
}
