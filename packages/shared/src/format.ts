// The portal's one formatter of dates, times, numbers and money (issue 18 item 8), used by the web,
// the PDF and the mails. Fixed patterns per language, written here, never the runtime's locale data:
// Chromium's Intl has no Uzbek data ("2026 M11 26 01:27") and Node's differs from the browser's.
// The only Intl used is the time zone's wall clock, read as numbers (formatToParts in 'en-US' with
// numeric fields), which needs the zone database but no language data. docs/decisions.md records
// the patterns.
//
//   formatDate(value, language, timeZone)      '26-noyabr, 2026' · '26 Nov 2026' · '26 ноября 2026 г.'
//   formatDateTime(value, language, timeZone)  '26-noyabr, 2026, 01:27' · '26 Nov 2026, 01:27' · …
//   formatTime(value, language, timeZone)      '01:27' (24-hour in every language)
//   formatNumber(value, language)              '62,000' (en) · '62 000' (uz, ru; no-break space)
//   formatMoney(amount, currency, language)    '62,000 MYR' · '62 000 MYR' (amount, no-break space, code)
//
// `value` is an ISO string, a Date or epoch milliseconds. A calendar date without a time
// ('2001-03-09', a birthday) is that day in every zone. `timeZone` is an IANA name: the browser's
// resolved zone on the web (browserTimeZone()), the recipient's or DEFAULT_TIME_ZONE on the server;
// an unknown zone falls back to UTC. Money amounts are in the currency's whole units (the
// catalogue's prices are whole units with at most 2 decimals), shown with cents only when there
// are some.

export type TFormatLanguage = 'en' | 'uz' | 'ru';
export type TDateValue = string | number | Date;

/** The zone of mails and PDFs when the reader's own is unknown. */
export const DEFAULT_TIME_ZONE = 'Asia/Tashkent';

const NBSP = '\u00a0';

const MONTHS: Record<TFormatLanguage, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  uz: [
    'yanvar',
    'fevral',
    'mart',
    'aprel',
    'may',
    'iyun',
    'iyul',
    'avgust',
    'sentyabr',
    'oktyabr',
    'noyabr',
    'dekabr',
  ],
  // Genitive, as a day of the month is written.
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
};

const NUMBER_MARKS: Record<TFormatLanguage, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  uz: { group: NBSP, decimal: ',' },
  ru: { group: NBSP, decimal: ',' },
};

type TWallClock = { year: number; month: number; day: number; hour: number; minute: number };

const lang = (language: string): TFormatLanguage =>
  language === 'uz' || language === 'ru' ? language : 'en';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    };
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The wall clock of `value` in `timeZone`; a calendar date is itself; null when not a date. */
function wallClock(value: TDateValue, timeZone: string): TWallClock | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value);
    if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0 };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of clockOf(timeZone).formatToParts(date))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

function dayText(c: TWallClock, language: TFormatLanguage): string {
  const month = MONTHS[language][c.month - 1] ?? '';
  if (language === 'uz') return `${c.day}-${month}, ${c.year}`;
  if (language === 'ru') return `${c.day} ${month} ${c.year} г.`;
  return `${c.day} ${month} ${c.year}`;
}

/** '26-noyabr, 2026' (uz), '26 Nov 2026' (en), '26 ноября 2026 г.' (ru); '' when not a date. */
export function formatDate(value: TDateValue, language: string, timeZone: string): string {
  const c = wallClock(value, timeZone);
  return c ? dayText(c, lang(language)) : '';
}

/** The calendar day of `value` in `timeZone` as 'YYYY-MM-DD' (e.g. which exchange rate applies today). */
export function calendarDayIn(value: TDateValue, timeZone: string): string {
  const c = wallClock(value, timeZone);
  return c ? `${c.year}-${two(c.month)}-${two(c.day)}` : '';
}

/**
 * The wall clock of `value` in `timeZone` as 'YYYY-MM-DDTHH:mm' (a datetime-local field's value);
 * '' when not a date.
 */
export function wallClockIn(value: TDateValue, timeZone: string): string {
  const c = wallClock(value, timeZone);
  return c ? `${c.year}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}` : '';
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant (UTC ISO text) at which `timeZone`'s clocks read `wall` ('YYYY-MM-DDTHH:mm'), e.g.
 * a deadline an admin enters in Malaysia's time; null when `wall` is not such a value. A wall time
 * a clock change skips or repeats takes the offset in force just before it.
 */
export function instantOfWallClock(wall: string, timeZone: string): string | null {
  const m = WALL_CLOCK.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc) || wallClockIn(asUtc, 'UTC') !== wall) return null;
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST edge).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClockIn(guess, timeZone);
    const m2 = WALL_CLOCK.exec(seen);
    if (!m2) return null;
    const offset = Date.UTC(+m2[1]!, +m2[2]! - 1, +m2[3]!, +m2[4]!, +m2[5]!) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess).toISOString();
}

/** '01:27': 24-hour in every language; '' when not a date. */
export function formatTime(value: TDateValue, _language: string, timeZone: string): string {
  const c = wallClock(value, timeZone);
  return c ? `${two(c.hour)}:${two(c.minute)}` : '';
}

/** '26-noyabr, 2026, 01:27' (uz), '26 Nov 2026, 01:27' (en), '26 ноября 2026 г., 01:27' (ru). */
export function formatDateTime(value: TDateValue, language: string, timeZone: string): string {
  const c = wallClock(value, timeZone);
  return c ? `${dayText(c, lang(language))}, ${two(c.hour)}:${two(c.minute)}` : '';
}

/**
 * A number with the language's grouping: '62,000.5' (en), '62 000,5' (uz, ru; no-break space).
 * `fractionDigits` fixes the decimals; by default up to 2, without trailing zeros.
 */
export function formatNumber(value: number, language: string, fractionDigits?: number): string {
  if (!Number.isFinite(value)) return '';
  const marks = NUMBER_MARKS[lang(language)];
  const fixed = Math.abs(value).toFixed(fractionDigits ?? 2);
  let [whole = '0', fraction = ''] = fixed.split('.');
  if (fractionDigits === undefined) fraction = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `${marks.decimal}${fraction}` : ''}`;
}

/**
 * An amount in the currency's whole units, then its code: '62,000 MYR' (en), '62 000 MYR' (uz, ru),
 * with cents only when there are some ('1,234.50 USD'); a no-break space before the code. Without
 * a currency, the number alone.
 */
export function formatMoney(amount: number, currency: string | null | undefined, language: string): string {
  const number = formatNumber(amount, language, Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2);
  return currency ? `${number}${NBSP}${currency}` : number;
}

/** The reader's zone on the web: the browser's resolved IANA zone, UTC when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
