import { describe, expect, it } from 'vitest';
import {
  cleanLine,
  cleanLines,
  isBlank,
  latestToday,
  MAX_INT,
  zBirthDate,
  zDate,
  zEmail,
  zExamYear,
  zId,
  zIndex,
  zNumber,
  zOptionalText,
  zOptionalUrl,
  zPathId,
  zPhone,
  zRequiredText,
  zTextInt,
  zUrl,
} from './fields.js';

// Issue 8 item 22: the shared field rules, at their edges.

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error?.issues[0]?.message;

describe('phone', () => {
  it.each([
    ['+998901234567', 'ok'],
    ['  +998901234567 ', 'ok'],
    ['+1234567890', 'ok'], // + then 10 digits: the shortest
    ['+1234567890123456', 'ok'], // 16 digits: the longest
    ['+123456789', 'validation.phone'],
    ['+12345678901234567', 'validation.phone'],
    ['+0998901234567', 'validation.phone'],
    ['998901234567', 'validation.phone'],
    ['+99890 123 4567', 'validation.phone'],
    ['', 'validation.required'],
  ])('%j -> %s', (input, expected) => expect(message(zPhone.safeParse(input))).toBe(expected));
});

describe('email', () => {
  it.each([
    ['a@b.uz', 'ok'],
    [' A.B@mail.test ', 'ok'],
    ['a@b', 'validation.email'],
    ['a b@c.uz', 'validation.email'],
    ['a@@c.uz', 'validation.email'],
    ['', 'validation.required'],
    [`${'a'.repeat(250)}@b.uz`, 'validation.tooLong'],
  ])('%j -> %s', (input, expected) => expect(message(zEmail.safeParse(input))).toBe(expected));

  it('drops control characters before checking', () => {
    expect(zEmail.parse('a\u0007@b.uz')).toBe('a@b.uz');
  });
});

describe('URL scheme', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(zUrl.parse('uni.uz/apply')).toBe('https://uni.uz/apply');
    expect(zUrl.parse('http://uni.uz')).toBe('http://uni.uz');
  });
  it.each(['javascript:alert(1)', 'ftp://uni.uz', 'data:text/html,x', 'https://localhost', 'mailto:a@b.uz'])(
    'refuses %s',
    (input) => expect(message(zUrl.safeParse(input))).toBe('validation.url'),
  );
  it('optional URLs: empty is null, bad is refused', () => {
    expect(zOptionalUrl.parse('')).toBeNull();
    expect(zOptionalUrl.parse(null)).toBeNull();
    expect(message(zOptionalUrl.safeParse('javascript:x'))).toBe('validation.url');
  });
});

describe('dates', () => {
  it.each([
    ['2000-02-29', 'ok'],
    ['1900-01-01', 'ok'],
    ['0000-01-01', 'validation.date'],
    ['1899-12-31', 'validation.date'],
    ['2101-01-01', 'validation.date'],
    ['2001-02-29', 'validation.date'],
    ['2000-1-1', 'validation.date'],
  ])('date %s -> %s', (input, expected) => expect(message(zDate.safeParse(input))).toBe(expected));

  it('a birth date lies between 1900 and today', () => {
    expect(message(zBirthDate.safeParse('1900-01-01'))).toBe('ok');
    expect(message(zBirthDate.safeParse(latestToday()))).toBe('ok');
    expect(message(zBirthDate.safeParse('1899-12-31'))).toBe('validation.birthDate');
    expect(message(zBirthDate.safeParse('0000-01-01'))).toBe('validation.birthDate');
    const tomorrow = latestToday(Date.now() + 24 * 3600_000);
    expect(message(zBirthDate.safeParse(tomorrow))).toBe('validation.birthDate');
  });

  it('an exam year lies between 1950 and next year', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(message(zExamYear.safeParse(1950))).toBe('ok');
    expect(message(zExamYear.safeParse(next))).toBe('ok');
    expect(message(zExamYear.safeParse(1949))).toBe('validation.year');
    expect(message(zExamYear.safeParse(next + 1))).toBe('validation.year');
    expect(message(zExamYear.safeParse('2020'))).toBe('validation.wholeNumber');
  });
});

describe('canonical ids', () => {
  it('JSON ids are JSON integers from 1 to MAX_INT', () => {
    expect(zId.parse(1)).toBe(1);
    expect(zId.parse(MAX_INT)).toBe(MAX_INT);
    for (const bad of [0, -1, 1.5, MAX_INT + 1, true, '1', [1], null, Number.NaN])
      expect(zId.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(message(zId.safeParse(undefined))).toBe('validation.required');
  });

  it('path ids are canonical digits', () => {
    expect(zPathId.parse('1')).toBe(1);
    expect(zPathId.parse('2147483647')).toBe(MAX_INT);
    for (const bad of [
      '0',
      '01',
      '1e3',
      '0x10',
      '-1',
      '1.0',
      ' 1',
      '1 ',
      '',
      '2147483648',
      '99999999999999999',
    ])
      expect(zPathId.safeParse(bad).success, bad).toBe(false);
  });

  it('query numbers allow the 0 sentinel where asked', () => {
    expect(zTextInt(0).parse('0')).toBe(0);
    expect(zTextInt(0, 11).safeParse('12').success).toBe(false);
  });
});

describe('control characters', () => {
  it('single-line text drops control characters and bidi overrides; breaks become spaces', () => {
    expect(cleanLine('a\u0000b\u0007c\u001Bd\u007Fe\u009Ff')).toBe('abcdef');
    expect(cleanLine('evil\u202Efdp.exe')).toBe('evilfdp.exe');
    expect(cleanLine('\u2066x\u2069\u202A\u202B\u202C\u202D')).toBe('x');
    expect(cleanLine('line\r\nnext\ttab')).toBe('line  next tab');
  });

  it('multi-line text keeps its line breaks as \\n', () => {
    expect(cleanLines('a\r\nb\rc\nd\te\u202E')).toBe('a\nb\nc\nd e');
  });

  it('letters of every script stay', () => {
    expect(cleanLine('Oʻzbekiston Ўзбекистон Узбекистан 日本 עברית')).toBe(
      'Oʻzbekiston Ўзбекистон Узбекистан 日本 עברית',
    );
  });

  it('text helpers apply them, then trim and check', () => {
    expect(zRequiredText(10).parse(' \u202Eab\n')).toBe('ab');
    expect(message(zRequiredText(10).safeParse('\u0001\u202E'))).toBe('validation.required');
    expect(zRequiredText(50, { multiline: true }).parse('1 Street\r\nTashkent')).toBe('1 Street\nTashkent');
    expect(zOptionalText(10).parse('\u0007')).toBeNull();
    expect(message(zRequiredText(3).safeParse('abcd'))).toBe('validation.tooLong');
  });
});

describe('numbers', () => {
  it.each([null, [], '  ', true, [[5]], '5', {}, Number.POSITIVE_INFINITY])('refuses %j', (input) => {
    expect(message(zNumber().safeParse(input))).toBe('validation.number');
  });
  it('accepts plain numbers; missing is required', () => {
    expect(zNumber().parse(0)).toBe(0);
    expect(zNumber().parse(6.5)).toBe(6.5);
    expect(message(zNumber().safeParse(undefined))).toBe('validation.required');
  });
  it('choices are integer indexes within range', () => {
    expect(zIndex(-1, 1).parse(-1)).toBe(-1);
    for (const bad of ['0', 2, 0.5, true])
      expect(message(zIndex(-1, 1).safeParse(bad))).toBe('validation.choice');
    expect(message(zIndex(0, 3).safeParse(undefined))).toBe('validation.required');
  });
});

describe('isBlank', () => {
  it('is true for undefined, null, empty and spaces only', () => {
    for (const v of [undefined, null, '', '  \t']) expect(isBlank(v), JSON.stringify(v)).toBe(true);
    for (const v of [0, false, 'a', []]) expect(isBlank(v), JSON.stringify(v)).toBe(false);
  });
});
