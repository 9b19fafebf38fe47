import { useQuery } from '@tanstack/react-query';
import {
  calendarDayIn,
  convertPrice,
  RATE_TIME_ZONE,
  type TConvertedPrice,
  type TExchangeRate,
} from '@uniapply/shared';
import { useReaderCurrency } from '../../lib/reader-currency';
import { resourceKeys, resources } from '../../lib/resources';

/** Every exchange rate (a catalogue list: the same cache key as the maintenance screen's). */
export function useExchangeRates() {
  return useQuery({
    queryKey: resourceKeys.allRows('ExchangeRate'),
    queryFn: ({ signal }) => resources.getAll<TExchangeRate>('ExchangeRate', { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The reader's currency and a converter into it: a price's amount in that currency with the rate's
 * date, or null when no rate links the two (or the price is in it already), by the same rule as
 * the API's price range (shared convertPrice: the latest rate on or before today in Tashkent).
 */
export function usePriceConversion() {
  const [currency, setCurrency] = useReaderCurrency();
  const rates = useExchangeRates();
  const today = calendarDayIn(Date.now(), RATE_TIME_ZONE);
  const convert = (price: number, currencyIndex: number): TConvertedPrice | null => {
    const converted = convertPrice(price, currencyIndex, currency, rates.data ?? [], today);
    return converted?.date ? converted : null;
  };
  return { currency, setCurrency, convert };
}
