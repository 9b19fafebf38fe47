import { describe, expect, it } from 'vitest';
import {
  buildCourseFilter,
  EMPTY_COURSE_FILTER,
  isInvertedRange,
  readCourseFilter,
  readPage,
  writeCourseFilter,
} from './course-filter';
import { externalHref, initialsOf, telHref } from './links';

describe('course filter', () => {
  it('uses the API allow-list paths and operators', () => {
    const filter = buildCourseFilter(
      {
        name: '  data science ',
        universityId: 7,
        levelId: 3,
        categoryId: 4,
        minPrice: 0,
        maxPrice: 20000,
      },
      'USD',
    );
    expect(filter).toEqual({
      operator: 'AND',
      conditions: [
        { field: 'course.name', operator: 'LIKE', value: 'data science' },
        { field: 'university.id', operator: 'EQ', value: 7 },
        { field: 'course.level.id', operator: 'EQ', value: 3 },
        { field: 'course.category.id', operator: 'EQ', value: 4 },
        { field: 'priceIn.USD', operator: 'BETWEEN', value: [0, 20000] },
      ],
      groups: [],
    });
  });

  it('sends nothing for empty controls, and never an inverted fee range (the form refuses it)', () => {
    expect(buildCourseFilter(EMPTY_COURSE_FILTER, 'UZS').conditions).toEqual([]);
    expect(isInvertedRange(9000, 100)).toBe(true);
    expect(isInvertedRange(100, 100)).toBe(false);
    expect(isInvertedRange(9000, null)).toBe(false);
    expect(
      buildCourseFilter({ ...EMPTY_COURSE_FILTER, minPrice: 9000, maxPrice: 100 }, 'UZS').conditions,
    ).toEqual([]);
  });

  it('round-trips through the address and drops what is not a valid value', () => {
    const values = {
      name: 'law',
      universityId: 2,
      levelId: null,
      categoryId: 9,
      minPrice: 10.5,
      maxPrice: null,
    };
    const params = writeCourseFilter(values, 3);
    expect(params.toString()).toBe('name=law&university=2&category=9&minPrice=10.5&page=3');
    expect(readCourseFilter(params)).toEqual(values);
    expect(readPage(params)).toBe(3);

    const junk = new URLSearchParams('university=abc&level=-1&category=1.5&minPrice=-3&maxPrice=x&page=0');
    expect(readCourseFilter(junk)).toEqual(EMPTY_COURSE_FILTER);
    expect(readPage(junk)).toBe(1);
  });
});

describe('links', () => {
  it('adds https:// when missing and refuses non-web schemes', () => {
    expect(externalHref('www.um.edu.my')).toBe('https://www.um.edu.my');
    expect(externalHref('http://um.edu.my')).toBe('http://um.edu.my');
    expect(externalHref('  ')).toBeNull();
    expect(externalHref(null)).toBeNull();
    expect(externalHref('javascript:alert(1)')).toBeNull();
    expect(externalHref('data:text/html,hi')).toBeNull();
  });

  it('dials printed phone numbers and makes monograms', () => {
    expect(telHref('+603-7967 7022')).toBe('tel:+60379677022');
    expect(telHref('n/a')).toBeNull();
    expect(initialsOf('Universiti Teknologi Malaysia')).toBe('UTM');
    expect(initialsOf('Asia Pacific University of Technology & Innovation')).toBe('APU');
    expect(initialsOf('université')).toBe('U');
    expect(initialsOf('UCSI University')).toBe('UCSI');
  });
});
