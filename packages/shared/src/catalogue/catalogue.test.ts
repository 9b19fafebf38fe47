import { describe, expect, it } from 'vitest';
import { ZCourseInput } from './course.js';
import { ZNamedInput } from './named.js';
import { ZUniversityInput } from './university.js';
import { ZUniversityCourseInput } from './university-course.js';

// Issue 8 item 22: the catalogue schemas (the forms and the API use the same ones).

const firstIssue = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.success ? 'ok' : `${r.error?.issues[0]?.path.join('.')}: ${r.error?.issues[0]?.message}`);

const university = {
  name: ' Sunway University ',
  email: 'info@sunway.test',
  phone: '+60 3 7491 8622',
  fax: '+60 3 5635 8633',
  address: 'Jalan Universiti\r\nBandar Sunway',
  website: 'sunway.edu.my',
};
const universityCourse = {
  universityId: 4,
  courseId: 5,
  duration: 36,
  price: 42500,
  currency: 0,
  requiredLanguageId: -1,
  requiredScore: 0,
  website: null,
  youtube: '',
};

describe('University', () => {
  // Issue 20 item 4: phone and fax follow the spec's phone pattern once spaces, dashes and
  // brackets are stripped; what is saved is the stripped number.
  it.each([
    ['+60 (3) 1234-5678', '+60312345678'],
    ['+603-7967 7022', '+60379677022'],
    [' +998 (90) 123-45-67 ', '+998901234567'],
  ])('phone and fax %j are saved as %j', (input, stored) => {
    const parsed = ZUniversityInput.parse({ ...university, phone: input, fax: input });
    expect(parsed.phone).toBe(stored);
    expect(parsed.fax).toBe(stored);
  });

  it.each([
    ['03-7967 7022', 'phone: validation.phone'],
    ['+60 3 12', 'phone: validation.phone'],
    ['+60 3 1234 5678 ext. 2', 'phone: validation.phone'],
    ['', 'phone: validation.required'],
  ])('a phone %j is refused (%s)', (phone, issue) => {
    expect(firstIssue(ZUniversityInput.safeParse({ ...university, phone }))).toBe(issue);
  });

  it('refuses a fax outside the pattern too', () => {
    expect(firstIssue(ZUniversityInput.safeParse({ ...university, fax: '(03) 5635 8633' }))).toBe(
      'fax: validation.phone',
    );
  });

  it('trims, keeps address lines, adds https://, empties optional links', () => {
    expect(ZUniversityInput.parse(university)).toMatchObject({
      name: 'Sunway University',
      address: 'Jalan Universiti\nBandar Sunway',
      website: 'https://sunway.edu.my',
    });
    expect(ZUniversityInput.parse({ ...university, youtube: '' }).youtube).toBeNull();
  });
  it('requires contact fields and refuses a script link', () => {
    expect(firstIssue(ZUniversityInput.safeParse({ ...university, fax: ' ' }))).toBe(
      'fax: validation.required',
    );
    expect(firstIssue(ZUniversityInput.safeParse({ ...university, tiktok: 'javascript:x' }))).toBe(
      'tiktok: validation.url',
    );
  });
});

describe("University's course", () => {
  it('accepts plain numbers, 0 included', () => {
    expect(ZUniversityCourseInput.parse(universityCourse)).toMatchObject({ price: 42500, requiredScore: 0 });
  });
  it.each([
    ['price', null, 'price: validation.number'],
    ['price', '', 'price: validation.number'],
    ['price', -1, 'price: validation.notNegative'],
    ['price', undefined, 'price: validation.required'],
    ['duration', 0, 'duration: validation.positive'],
    ['duration', 1.5, 'duration: validation.wholeNumber'],
    ['duration', 241, 'duration: validation.tooLarge'],
    ['requiredScore', 1001, 'requiredScore: validation.tooLarge'],
    ['currency', 4, 'currency: validation.choice'],
    ['requiredLanguageId', '1', 'requiredLanguageId: validation.choice'],
    ['universityId', '4', 'universityId: validation.wholeNumber'],
  ])('%s = %j -> %s', (field, value, expected) => {
    expect(firstIssue(ZUniversityCourseInput.safeParse({ ...universityCourse, [field]: value }))).toBe(
      expected,
    );
  });
});

describe('Course and named items', () => {
  it('level and category are JSON ids', () => {
    const course = { name: 'Software', levelId: 1, categoryId: 2 };
    expect(ZCourseInput.parse(course)).toMatchObject({ description: null });
    expect(firstIssue(ZCourseInput.safeParse({ ...course, levelId: true }))).toBe(
      'levelId: validation.wholeNumber',
    );
  });
  it('a name of control characters only is required; 100 characters at most', () => {
    expect(firstIssue(ZNamedInput.safeParse({ name: '\u202E\u0000' }))).toBe('name: validation.required');
    expect(firstIssue(ZNamedInput.safeParse({ name: 'x'.repeat(101) }))).toBe('name: validation.tooLong');
  });
});
