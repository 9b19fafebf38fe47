import { describe, expect, it } from 'vitest';
import { ZEmergencyStep, ZGuardianStep } from '../application/contact-steps.js';
import { ZLanguageEntry, ZQualificationEntry } from '../application/entries.js';
import { LANGUAGE_OTHERS, QUALIFICATION_OTHERS, RELATIONSHIP_OTHER } from '../enums.js';
import { ZEmergencyContactInput, ZGuardianInput } from './contacts.js';
import { OTHERS_REQUIRED } from './others.js';
import { ZLanguageInput, ZQualificationInput } from './records.js';

// One rule, one message (issue 19 item 3): "Please specify" is needed when Other/Others is chosen,
// in the record forms and in the wizard alike, with one message key.

const othersIssue = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: object,
) => schema.safeParse(value).error?.issues.find((i) => i.path.join('.') === 'others');

// The records refine only a record that is otherwise valid; the wizard's steps refine any.
const contact = { studentId: 1, firstName: 'A', lastName: 'B', phoneNumber: '+998901234567' };
const guardian = { ...contact, occupation: 'Teacher', email: 'g@mail.uz', address: 'Navoi 1' };
const exam = { studentId: 1, yearOfExam: 2023, result: 'A' };
const qualification = { ...exam, nameOfExamination: 'x', nameOfInstitution: 'y' };

describe('the Others rule', () => {
  it.each([
    ['guardian (record)', ZGuardianInput, { ...guardian, relationship: RELATIONSHIP_OTHER }],
    ['emergency contact (record)', ZEmergencyContactInput, { ...contact, relationship: RELATIONSHIP_OTHER }],
    [
      'qualification (record)',
      ZQualificationInput,
      { ...qualification, qualificationType: QUALIFICATION_OTHERS },
    ],
    ['language (record)', ZLanguageInput, { ...exam, languageType: LANGUAGE_OTHERS }],
    ['guardian (wizard)', ZGuardianStep, { relationship: RELATIONSHIP_OTHER }],
    ['emergency contact (wizard)', ZEmergencyStep, { relationship: RELATIONSHIP_OTHER }],
    ['qualification (wizard)', ZQualificationEntry, { qualificationType: QUALIFICATION_OTHERS }],
    ['language (wizard)', ZLanguageEntry, { languageType: LANGUAGE_OTHERS }],
  ] as const)('%s: blank others gives the one message', (_, schema, value) => {
    for (const others of [undefined, null, '', '   ']) {
      expect(othersIssue(schema, { ...value, others })?.message).toBe(OTHERS_REQUIRED);
    }
    expect(othersIssue(schema, { ...value, others: 'Aunt' })).toBeUndefined();
  });
});
