import {
  browserTimeZone,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  type TDateValue,
} from '@uniapply/shared';
import { useTranslation } from 'react-i18next';

// Dates, numbers and money on screen (issue 18 item 8): the shared formatter in the user's language
// and the browser's own time zone; never the browser's locale data (Chromium has no Uzbek).

export type TFormat = {
  date: (value: TDateValue) => string;
  dateTime: (value: TDateValue) => string;
  time: (value: TDateValue) => string;
  number: (value: number) => string;
  money: (amount: number, currency: string | null | undefined) => string;
};

export function formatIn(language: string, timeZone = browserTimeZone()): TFormat {
  return {
    date: (value) => formatDate(value, language, timeZone),
    dateTime: (value) => formatDateTime(value, language, timeZone),
    time: (value) => formatTime(value, language, timeZone),
    number: (value) => formatNumber(value, language),
    money: (amount, currency) => formatMoney(amount, currency, language),
  };
}

/** The formatter of the current language. */
export function useFormat(): TFormat {
  const { i18n } = useTranslation();
  return formatIn(i18n.language);
}
