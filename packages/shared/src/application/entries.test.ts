import { describe, expect, it } from 'vitest';
import { OTHERS_REQUIRED } from '../students/others.js';
import {
  EXPERIENCE_FIELD_ORDER,
  experienceToForm,
  experienceToLabel,
  QUALIFICATION_FIELD_ORDER,
  ZExperienceEntry,
  ZExperienceStep,
  ZLanguageEntry,
  ZLanguagesStep,
  ZQualificationEntry,
  ZQualificationsStep,
} from './entries.js';
import { WIZARD_MESSAGES } from './messages.js';
import { firstStepIssue } from './step-fields.js';

const fileId = '0b7d2c2e-5d8a-4a53-9a43-4f1f3e0c9a11';
const qualification = {
  qualificationType: 5,
  others: '',
  yearOfExam: 2022,
  nameOfExamination: 'Final exams',
  nameOfInstitution: 'Tashkent State University',
  result: '3.8',
  certFileName: fileId,
  transcriptFileName: fileId,
};
const language = { languageType: 1, others: null, result: '7.5', yearOfExam: 2024, certFileName: fileId };
const experience = { company: 'Uzcard', position: 'Intern', from: '2023-06-01', to: '2023-09-01' };

const messages = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('ZQualificationEntry', () => {
  it('accepts a complete entry', () => {
    expect(ZQualificationEntry.parse(qualification)).toMatchObject({ yearOfExam: 2022, others: null });
  });
  it('needs others for type Others (6)', () => {
    expect(messages(ZQualificationEntry, { ...qualification, qualificationType: 6 })).toEqual([
      OTHERS_REQUIRED,
    ]);
    expect(
      ZQualificationEntry.safeParse({ ...qualification, qualificationType: 6, others: 'IB' }).success,
    ).toBe(true);
  });
  it('needs the year as a number within the bounds', () => {
    expect(messages(ZQualificationEntry, { ...qualification, yearOfExam: '2022' })).toEqual([
      WIZARD_MESSAGES.yearNumber,
    ]);
    expect(messages(ZQualificationEntry, { ...qualification, yearOfExam: 1800 })).toEqual([
      'validation.year',
    ]);
    expect(messages(ZQualificationEntry, { ...qualification, yearOfExam: 2101 })).toEqual([
      'validation.year',
    ]);
    expect(messages(ZLanguageEntry, { ...language, yearOfExam: 2024.5 })).toEqual(['validation.wholeNumber']);
    expect(messages(ZQualificationEntry, { ...qualification, yearOfExam: null })).toEqual([
      WIZARD_MESSAGES.fillIn,
    ]);
  });
  it('needs a certificate file', () => {
    expect(messages(ZQualificationEntry, { ...qualification, certFileName: null })).toEqual([
      WIZARD_MESSAGES.certificate,
    ]);
  });
  it('needs a transcript except for O level, A level and 11-year formal education', () => {
    const without = { ...qualification, transcriptFileName: null };
    for (const type of [0, 1, 2]) {
      expect(
        ZQualificationEntry.safeParse({ ...without, qualificationType: type }).success,
        `type ${type}`,
      ).toBe(true);
    }
    for (const type of [3, 4, 5, 6]) {
      const issue = firstStepIssue(
        ZQualificationEntry,
        { ...without, qualificationType: type, others: 'x' },
        QUALIFICATION_FIELD_ORDER,
      );
      expect(issue, `type ${type}`).toMatchObject({
        path: ['transcriptFileName'],
        message: WIZARD_MESSAGES.transcript,
      });
    }
  });
  it('lists a blank required field by name, in dialog order', () => {
    const issue = firstStepIssue(
      ZQualificationEntry,
      { ...qualification, result: '', nameOfExamination: '' },
      QUALIFICATION_FIELD_ORDER,
    );
    expect(issue).toMatchObject({
      path: ['nameOfExamination'],
      params: { field: 'wizard.fields.nameOfExamination' },
    });
  });
});

describe('ZQualificationsStep and ZLanguagesStep', () => {
  it('need at least one entry', () => {
    expect(messages(ZQualificationsStep, [])).toEqual([WIZARD_MESSAGES.addOne]);
    expect(ZQualificationsStep.safeParse([qualification]).success).toBe(true);
    expect(messages(ZLanguagesStep, [])).toEqual([WIZARD_MESSAGES.addOne]);
    expect(ZLanguagesStep.safeParse([language]).success).toBe(true);
  });
  it('refuse a list with an invalid entry', () => {
    expect(ZLanguagesStep.safeParse([{ ...language, result: '' }]).success).toBe(false);
  });
});

describe('ZLanguageEntry', () => {
  it('needs others for type Others (3) and a certificate', () => {
    expect(messages(ZLanguageEntry, { ...language, languageType: 3, certFileName: '' })).toEqual([
      WIZARD_MESSAGES.certificate,
      OTHERS_REQUIRED,
    ]);
    expect(ZLanguageEntry.safeParse({ ...language, languageType: 3, others: 'Duolingo' }).success).toBe(true);
  });
  it('needs every field', () => {
    expect(messages(ZLanguageEntry, {}).length).toBe(4);
  });
});

describe('ZExperienceEntry', () => {
  it('accepts from before or on to', () => {
    expect(ZExperienceEntry.parse(experience)).toEqual(experience);
    expect(ZExperienceEntry.safeParse({ ...experience, to: experience.from }).success).toBe(true);
  });
  it('refuses from after to', () => {
    const issue = firstStepIssue(
      ZExperienceEntry,
      { ...experience, from: '2024-01-01' },
      EXPERIENCE_FIELD_ORDER,
    );
    expect(issue).toMatchObject({ path: ['to'], message: WIZARD_MESSAGES.dateOrder });
  });
  it('needs to unless still working, then stores it as null', () => {
    expect(firstStepIssue(ZExperienceEntry, { ...experience, to: '' }, EXPERIENCE_FIELD_ORDER)).toMatchObject(
      {
        path: ['to'],
        message: WIZARD_MESSAGES.fillIn,
        params: { field: 'wizard.fields.to' },
      },
    );
    expect(ZExperienceEntry.parse({ ...experience, to: '', stillWorking: true })).toEqual({
      ...experience,
      to: null,
    });
    expect(ZExperienceEntry.parse({ ...experience, to: '2020-01-01', stillWorking: true }).to).toBeNull();
  });
  it('refuses an invalid to date', () => {
    expect(messages(ZExperienceEntry, { ...experience, to: '2023-02-30' })).toEqual(['validation.date']);
  });
  it('needs company, position and from', () => {
    const issue = firstStepIssue(ZExperienceEntry, { to: '2023-01-01' }, EXPERIENCE_FIELD_ORDER);
    expect(issue?.path).toEqual(['company']);
    expect(messages(ZExperienceEntry, { stillWorking: true })).toHaveLength(3);
  });
});

describe('ZExperienceStep', () => {
  it('is optional: zero entries pass', () => {
    expect(ZExperienceStep.parse([])).toEqual([]);
  });
});

describe('experience display', () => {
  it("shows an empty to as 'Present'", () => {
    expect(experienceToLabel(null)).toBe('wizard.experience.present');
    expect(experienceToLabel('2024-01-31')).toBe('2024-01-31');
  });
  it('opens a stored experience without to as still working', () => {
    expect(experienceToForm({ id: 4, to: null })).toEqual({ id: 4, to: '', stillWorking: true });
    expect(experienceToForm({ id: 4, to: '2024-01-31' })).toEqual({
      id: 4,
      to: '2024-01-31',
      stillWorking: false,
    });
  });
});
