import { Text } from '@mantine/core';
import { CURRENCIES, formatDate, formatMoney, type TConvertedPrice } from '@uniapply/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';

type TProps = {
  price: number;
  currencyIndex: number;
  converted: TConvertedPrice | null;
  /** Months; shown after the price when given ("38 000 MYR / 12 oy"). */
  duration?: number;
};

/** The price in its own currency, then (when a rate links them) "≈ … UZS, rate of 2 Nov 2026". */
export function priceTexts(
  t: TFunction,
  language: string,
  { price, currencyIndex, converted, duration }: TProps,
) {
  const own = formatMoney(price, CURRENCIES[currencyIndex], language);
  return {
    own: duration === undefined ? own : t('prices:perDuration', { price: own, count: duration }),
    converted: converted
      ? t('prices:converted', {
          amount: formatMoney(converted.amount, converted.currency, language),
          date: formatDate(converted.date ?? '', language, 'UTC'),
        })
      : null,
  };
}

/** Issue 20 item 1: a price people can compare, its own currency first. */
export function PriceWithConversion(props: TProps) {
  const { t, i18n } = useTranslation('prices');
  const texts = priceTexts(t, currentLanguage(i18n), props);
  return (
    <span>
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        {texts.own}
      </Text>
      {texts.converted ? (
        <Text span size="sm" c="dimmed" fw={500} display="block" style={{ whiteSpace: 'normal' }}>
          {texts.converted}
        </Text>
      ) : null}
    </span>
  );
}
