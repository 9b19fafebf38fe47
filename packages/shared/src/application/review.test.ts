import { describe, expect, it } from 'vitest';
import { missingForConfirm, missingMessage, ZApplication } from './review.js';
import { completeApplication } from './test-fixtures.js';

describe('ZApplication', () => {
  it('describes the review payload', () => {
    const parsed = ZApplication.parse(completeApplication());
    expect(parsed.courses[0]?.university.name).toBe('Universiti Malaya');
    expect(parsed.studentInfo.passportSeries).toBe('AB');
  });
  it('refuses a payload without the submitted flag of a course', () => {
    const app = completeApplication();
    const { submitted: _, ...course } = app.courses[0]!;
    expect(ZApplication.safeParse({ ...app, courses: [course] }).success).toBe(false);
  });
});

describe('missingForConfirm', () => {
  it('is empty for a complete application, experience being optional', () => {
    expect(missingForConfirm(ZApplication.parse(completeApplication()))).toEqual([]);
  });
  it('names every missing step, document and the courses, in step order', () => {
    const app = ZApplication.parse(completeApplication());
    const empty = {
      ...app,
      guardian: null,
      emergencyContact: null,
      qualifications: [],
      languages: [],
      documents: [],
      otherInfo: null,
      courses: [],
    };
    expect(missingForConfirm(empty)).toEqual([
      'guardian',
      'emergencyContact',
      'qualifications',
      'languages',
      'document:1',
      'document:2',
      'document:3',
      'otherInfo',
      'courses',
    ]);
  });
  it('counts saved data that breaks a step rule as missing', () => {
    const app = ZApplication.parse(completeApplication());
    const broken = {
      ...app,
      studentInfo: { ...app.studentInfo, race: '' },
      emergencyContact: app.emergencyContact && { ...app.emergencyContact, others: null },
      qualifications: app.qualifications.map((q) => ({ ...q, certFileName: null })),
      otherInfo: app.otherInfo && { ...app.otherInfo, instagram: false },
    };
    expect(missingForConfirm(broken)).toEqual([
      'personal',
      'emergencyContact',
      'qualifications',
      'otherInfo',
    ]);
  });
  it('does not ask for the health examination (type 4)', () => {
    const app = ZApplication.parse(completeApplication());
    expect(
      missingForConfirm({ ...app, documents: app.documents.filter((d) => d.documentTypeId !== 2) }),
    ).toEqual(['document:2']);
  });
});

describe('missingMessage', () => {
  it('gives a key per step and the document type as a param', () => {
    expect(missingMessage('courses')).toEqual({ key: 'wizard.missing.courses' });
    expect(missingMessage('document:3')).toEqual({
      key: 'wizard.missing.document',
      params: { documentTypeId: 3 },
    });
  });
});
