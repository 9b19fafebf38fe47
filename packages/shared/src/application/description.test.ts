import { describe, expect, it } from 'vitest';
import { OTHER_INFO_FIELD_ORDER } from './choice-steps.js';
import { EMERGENCY_FIELD_ORDER, GUARDIAN_FIELD_ORDER } from './contact-steps.js';
import { APPLICATION_DESCRIPTION, showApplication, type TShownSection } from './description.js';
import { EXPERIENCE_FIELD_ORDER, LANGUAGE_FIELD_ORDER, QUALIFICATION_FIELD_ORDER } from './entries.js';
import { WIZARD_STEP_IDS } from './messages.js';
import { PERSONAL_FIELD_ORDER } from './personal-step.js';
import { REFEREE_FIELD_ORDER } from './referees.js';
import { completeApplication } from './test-fixtures.js';

/** The form order of each step's schema; entry ids are never shown, nor is the empty summary key. */
const STEP_FIELDS: Record<string, readonly string[]> = {
  personal: PERSONAL_FIELD_ORDER,
  guardian: GUARDIAN_FIELD_ORDER,
  emergencyContact: EMERGENCY_FIELD_ORDER,
  qualifications: QUALIFICATION_FIELD_ORDER,
  languages: LANGUAGE_FIELD_ORDER,
  experience: EXPERIENCE_FIELD_ORDER,
  documents: ['documentTypeId', 'docPath'],
  otherInfo: OTHER_INFO_FIELD_ORDER,
};
const NOT_SHOWN = new Set(['', 'id']);

/** The echoing translator: a label shows as its key, so the test reads the description's keys. */
const t = (key: string) => `<${key}>`;
const section = (sections: TShownSection[], id: string) => sections.find((s) => s.id === id) as TShownSection;
const shownValue = (s: TShownSection, name: string, entry = 0) =>
  s.entries[entry]?.find((f) => f.name === name)?.value;

describe('the application description', () => {
  it('has the steps with saved data in step order, the courses last (the review has its own screen)', () => {
    expect([...new Set(APPLICATION_DESCRIPTION.map((s) => s.id))]).toEqual(
      WIZARD_STEP_IDS.filter((id) => id !== 'review'),
    );
    // Step 8 has two parts: its record, then the referees beside the personal statement.
    expect(APPLICATION_DESCRIPTION.map((s) => s.key ?? s.id).slice(-3)).toEqual([
      'otherInfo',
      'referees',
      'courses',
    ]);
  });

  it('describes every field of a referee, in form order (issue 21 item 4)', () => {
    const referees = APPLICATION_DESCRIPTION.find((s) => s.key === 'referees');
    expect(referees).toMatchObject({ id: 'otherInfo', list: true, source: 'referees' });
    expect(referees?.fields.flatMap((f) => f.keys)).toEqual(REFEREE_FIELD_ORDER.filter((k) => k !== 'id'));
  });

  it('shows the referees as a list section of step 8, titled Referees', () => {
    const application = completeApplication();
    const referee = {
      fullName: 'Алишер Навоий',
      relationship: 'Teacher',
      email: 'a@b.uz',
      institution: 'Lyceum',
    };
    const shown = showApplication({ ...application, referees: [{ id: 1, studentId: 7, ...referee }] }, t);
    const referees = shown.find((s) => s.key === 'referees') as TShownSection;
    expect(referees).toMatchObject({ id: 'otherInfo', title: '<wizard:referees.title>', list: true });
    expect(referees.entries[0]?.map((f) => [f.label, f.value])).toEqual([
      ['<wizard:fields.fullName>', { kind: 'text', text: 'Алишер Навоий', long: false }],
      ['<wizard:fields.refereeRelationship>', { kind: 'text', text: 'Teacher', long: false }],
      ['<wizard:fields.email>', { kind: 'text', text: 'a@b.uz', long: false }],
      ['<wizard:fields.institution>', { kind: 'text', text: 'Lyceum', long: false }],
    ]);
    // None saved (or an older reader without the list): the list's empty text.
    const none = showApplication({ ...application, referees: [] }, t).find((s) => s.key === 'referees');
    expect(none).toMatchObject({ entries: [], emptyText: '<applicationForms:none>' });
  });

  it('issue 21: shows each chosen course with its intake, the deadlines in Malaysia’s and Tashkent’s time', () => {
    const application = completeApplication();
    const intake = {
      id: 3,
      startDate: '2027-05-03',
      applicationDeadline: '2027-03-01T15:59:00.000Z',
      lateDeadline: null,
    };
    const named = (key: string, params?: Record<string, unknown>) =>
      key === 'common:timeZones.other' ? `<your time ${params?.zone}>` : `<${key}>`;
    const courses = [
      { university: { name: 'Universiti Malaya' }, course: { name: 'Computing' }, intake },
      { university: { name: 'Taylor’s' }, course: { name: 'Law' }, intake: null },
    ];
    // Without courses (a caller that shows them its own way) the section is not there.
    const { courses: _saved, ...withoutCourses } = application;
    expect(showApplication(withoutCourses, t).map((s) => s.id)).not.toContain('courses');
    const shown = section(showApplication({ ...application, courses }, named, 'en'), 'courses');
    expect(shown.title).toBe('<wizard:steps.courses>');
    expect(shown.entries[0]?.map((f) => [f.label, f.value.kind === 'text' ? f.value.text : ''])).toEqual([
      ['<applicationForms:fields.course>', 'Computing'],
      ['<applicationForms:fields.university>', 'Universiti Malaya'],
      ['<common:intakes.startDate>', '3 May 2027'],
      [
        '<common:intakes.deadline>',
        '1 Mar 2027, 23:59 (<common:timeZones.Asia/Kuala_Lumpur>)\n1 Mar 2027, 20:59 (<common:timeZones.Asia/Tashkent>)',
      ],
    ]);
    // A course without intakes: no intake fields.
    expect(shown.entries[1]?.map((f) => f.name)).toEqual(['course', 'university']);
    // On screen, the reader's own zone too when it is neither.
    const onScreen = showApplication({ ...application, courses }, named, 'en', {
      readerZone: 'Europe/Paris',
    });
    expect(shownValue(section(onScreen, 'courses'), 'applicationDeadline')).toMatchObject({
      text: expect.stringMatching(/\n1 Mar 2027, 16:59 \(<your time Europe\/Paris>\)$/),
    });
  });

  it.each(Object.entries(STEP_FIELDS))('describes every field of step %s, in form order', (id, order) => {
    const described = APPLICATION_DESCRIPTION.find((s) => s.id === id && !s.key);
    expect(described?.fields.flatMap((f) => f.keys)).toEqual(order.filter((k) => !NOT_SHOWN.has(k)));
  });

  it('titles each section with its step label and labels each field with a web i18n key', () => {
    for (const s of APPLICATION_DESCRIPTION) {
      expect(s.titleKey).toBe(s.key === 'referees' ? 'wizard:referees.title' : `wizard:steps.${s.id}`);
      for (const f of s.fields)
        expect(f.labelKey).toMatch(/^(wizard|wizardForm|applicationForms|common):[\w.]+$/);
    }
  });

  it('shows enum values by their label keys, dates as dates, files by id, and the personal statement', () => {
    const application = completeApplication();
    application.otherInfo = {
      ...application.otherInfo,
      personalStatement: 'I want to build bridges.' as never,
    };
    const shown = showApplication(application, t);
    const personal = section(shown, 'personal');
    expect(personal.title).toBe('<wizard:steps.personal>');
    expect(personal.entries[0]?.map((f) => f.label)).toContain('<wizard:fields.passport>');
    expect(shownValue(personal, 'passport')).toEqual({ kind: 'text', text: 'AB1234567', long: false });
    expect(shownValue(personal, 'gender')).toMatchObject({ text: '<enums:genders.male>' });
    expect(shownValue(personal, 'dateOfBirth')).toMatchObject({ text: '14 Mar 2005' });
    const qualification = section(shown, 'qualifications');
    expect(shownValue(qualification, 'certificate')).toMatchObject({ kind: 'file' });
    const other = section(shown, 'otherInfo');
    expect(shownValue(other, 'personalStatement')).toEqual({
      kind: 'text',
      text: 'I want to build bridges.',
      long: true,
    });
  });

  it("names a fixed document type in the reader's language and an admin's type by its stored name", () => {
    const application = completeApplication();
    const shown = showApplication(
      {
        ...application,
        documents: [
          { documentTypeId: 2, documentTypeName: 'Passport Copy', docPath: 'f2' },
          { documentTypeId: 6, documentTypeName: 'Bank statement', docPath: 'f6' },
        ],
      },
      t,
    );
    const documents = section(shown, 'documents');
    expect(shownValue(documents, 'documentType', 0)).toMatchObject({ text: '<enums:documentTypes.2>' });
    expect(shownValue(documents, 'documentType', 1)).toMatchObject({ text: 'Bank statement' });
  });

  it("shows 'Please specify' only when Other is chosen, and 'Present' for a job still held", () => {
    const application = completeApplication();
    const shown = showApplication(application, t);
    // The fixture's emergency contact is an aunt (Other); its guardian a parent.
    expect(shownValue(section(shown, 'emergencyContact'), 'others')).toMatchObject({ text: 'Aunt' });
    expect(shownValue(section(shown, 'guardian'), 'others')).toBeUndefined();
    application.experiences = [
      { id: 8, studentId: 7, company: 'Artel', position: 'Intern', from: '2024-06-01', to: null },
    ] as never;
    expect(shownValue(section(showApplication(application, t), 'experience'), 'to')).toMatchObject({
      text: '<wizard:experience.present>',
    });
  });

  it('gives an empty record and an empty list their empty texts', () => {
    const application = { ...completeApplication(), guardian: null, experiences: [] };
    const shown = showApplication(application, t);
    expect(section(shown, 'guardian')).toMatchObject({
      entries: [],
      emptyText: '<applicationForms:notGiven>',
    });
    expect(section(shown, 'experience')).toMatchObject({ entries: [], emptyText: '<applicationForms:none>' });
  });
});
