import { describe, expect, it } from 'vitest';
import { ZEmergencyContactInput, ZGuardianInput } from './contacts.js';
import { ZExperienceInput, ZLanguageInput, ZOtherInfoInput, ZQualificationInput } from './records.js';
import { splitPassport, ZStudentInfoInput } from './student-info.js';

// Issue 8 item 22: the student schemas (the wizard's steps and the API use the same ones).

const firstIssue = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.success ? 'ok' : `${r.error?.issues[0]?.path.join('.')}: ${r.error?.issues[0]?.message}`);

const student = {
  firstName: 'Aziza',
  lastName: 'Karimova',
  passportSeries: 'aa',
  passportNumber: '1234567',
  gender: 1,
  dateOfBirth: '2004-05-06',
  email: 'aziza@mail.uz',
  address: 'Navoi 1\nTashkent',
  city: 'Tashkent',
  postCode: '100000',
  race: 'Uzbek',
  phoneNumber: '+998901234567',
  country: 0,
};

describe('StudentInfo', () => {
  it('uppercases the passport series and keeps the address lines', () => {
    expect(ZStudentInfoInput.parse(student)).toMatchObject({
      passportSeries: 'AA',
      address: 'Navoi 1\nTashkent',
    });
    expect(splitPassport(' ab 12-34567 ')).toEqual({ passportSeries: 'AB', passportNumber: '1234567' });
  });
  it.each([
    ['dateOfBirth', '0000-01-01', 'dateOfBirth: validation.birthDate'],
    ['dateOfBirth', '2999-01-01', 'dateOfBirth: validation.birthDate'],
    ['passportNumber', '12a4567', 'passportNumber: validation.passport'],
    ['country', 21, 'country: validation.choice'],
    ['gender', '1', 'gender: validation.choice'],
    ['mobileNumber', '12345', 'mobileNumber: validation.phone'],
  ])('%s = %j -> %s', (field, value, expected) => {
    expect(firstIssue(ZStudentInfoInput.safeParse({ ...student, [field]: value }))).toBe(expected);
  });
});

describe('Guardian and emergency contact', () => {
  const contact = {
    studentId: 1,
    firstName: 'A',
    lastName: 'B',
    relationship: 0,
    phoneNumber: '+998901234567',
  };
  it('relationship Other needs the Others text', () => {
    expect(firstIssue(ZEmergencyContactInput.safeParse({ ...contact, relationship: 3 }))).toBe(
      'others: validation.othersRequired',
    );
    expect(
      firstIssue(ZEmergencyContactInput.safeParse({ ...contact, relationship: 3, others: 'Aunt' })),
    ).toBe('ok');
  });
  it('guardian address keeps its lines', () => {
    const guardian = { ...contact, occupation: 'Teacher', email: 'g@mail.uz', address: 'a\r\nb' };
    expect(ZGuardianInput.parse(guardian).address).toBe('a\nb');
  });
});

describe('records', () => {
  it('experience `from` is never after `to`', () => {
    const base = { studentId: 1, company: 'Co', position: 'Dev' };
    expect(firstIssue(ZExperienceInput.safeParse({ ...base, from: '2020-01-01', to: '2020-01-01' }))).toBe(
      'ok',
    );
    // "I still work here" (DESIGN 6): no end date.
    expect(firstIssue(ZExperienceInput.safeParse({ ...base, from: '2021-01-01', to: null }))).toBe('ok');
    expect(firstIssue(ZExperienceInput.safeParse({ ...base, from: '2021-01-01', to: '2020-01-01' }))).toBe(
      'to: validation.dateOrder',
    );
    expect(firstIssue(ZExperienceInput.safeParse({ ...base, from: '0000-01-01', to: '2020-01-01' }))).toBe(
      'from: validation.date',
    );
  });
  it('exam years are plain numbers from 1950 to next year', () => {
    const language = { studentId: 1, languageType: 1, result: '7', yearOfExam: 2023 };
    expect(firstIssue(ZLanguageInput.safeParse(language))).toBe('ok');
    expect(firstIssue(ZLanguageInput.safeParse({ ...language, yearOfExam: '2023' }))).toBe(
      'yearOfExam: validation.wholeNumber',
    );
    const qualification = {
      studentId: 1,
      qualificationType: 6,
      yearOfExam: 1949,
      nameOfExamination: 'x',
      nameOfInstitution: 'y',
      result: 'A',
    };
    expect(firstIssue(ZQualificationInput.safeParse(qualification))).toBe('yearOfExam: validation.year');
  });
  it('other info: agentId 0 is the sentinel "no agent", stored as null; strings are refused', () => {
    expect(ZOtherInfoInput.parse({ studentId: 1, facebook: true, agentId: 0 }).agentId).toBeNull();
    expect(firstIssue(ZOtherInfoInput.safeParse({ studentId: 1, agentId: 0 }))).toBe(
      ': validation.selectOne',
    );
    expect(firstIssue(ZOtherInfoInput.safeParse({ studentId: 1, agentId: '7' }))).toBe(
      'agentId: validation.wholeNumber',
    );
    expect(ZOtherInfoInput.parse({ studentId: 1, agentId: 7 }).agentId).toBe(7);
    expect(firstIssue(ZOtherInfoInput.safeParse({ studentId: 1 }))).toBe(': validation.selectOne');
  });
});
