import { describe, expect, it } from 'vitest';
import { PERSONAL_STATEMENT_MAX } from '../students/records.js';
import {
  missingDocuments,
  OTHER_INFO_FIELD_ORDER,
  otherInfoToForm,
  ZCoursesStep,
  ZOtherInfoStep,
} from './choice-steps.js';
import { WIZARD_MESSAGES } from './messages.js';
import { firstStepIssue } from './step-fields.js';

const upload = (documentTypeId: number) => ({
  documentTypeId,
  id: 10 + documentTypeId,
  docPath: `file-${documentTypeId}`,
});

describe('missingDocuments', () => {
  it('lists every required type when nothing is uploaded, never the health examination (4)', () => {
    expect(missingDocuments([])).toEqual([1, 2, 3]);
  });
  it('is empty when the three required slots have a file, with or without the health examination', () => {
    expect(missingDocuments([upload(1), upload(2), upload(3)])).toEqual([]);
    expect(missingDocuments([upload(3), upload(4), upload(2), upload(1)])).toEqual([]);
  });
  it('needs both a row id and a file in a slot', () => {
    expect(missingDocuments([upload(1), { documentTypeId: 2, id: null, docPath: 'x' }, upload(3)])).toEqual([
      2,
    ]);
    expect(missingDocuments([upload(1), upload(2), { documentTypeId: 3, id: 5, docPath: '' }])).toEqual([3]);
  });
  it('follows the document types it is given', () => {
    const types = [{ id: 1 }, { id: 4 }, { id: 7 }];
    expect(missingDocuments([upload(1)], types)).toEqual([7]);
  });
});

const none = { agent: false, others: false };
describe('ZOtherInfoStep', () => {
  it("needs at least one option ('Please select at least one option.')", () => {
    const issue = firstStepIssue(ZOtherInfoStep, none, OTHER_INFO_FIELD_ORDER);
    expect(issue).toMatchObject({ path: [], message: WIZARD_MESSAGES.selectOne });
    expect(ZOtherInfoStep.safeParse({ friends: true }).success).toBe(true);
  });
  it("needs an agent id when agent is ticked: 0, null and empty are none ('Please specify Agent Id.')", () => {
    for (const agentId of [0, null, '', undefined]) {
      const issue = firstStepIssue(ZOtherInfoStep, { agent: true, agentId }, OTHER_INFO_FIELD_ORDER);
      expect(issue, String(agentId)).toMatchObject({ path: ['agentId'], message: WIZARD_MESSAGES.agentId });
    }
    expect(ZOtherInfoStep.parse({ agent: true, agentId: 17 })).toMatchObject({ agentId: 17 });
  });
  it("needs details when others is ticked ('Please specify where you heard about us.')", () => {
    const issue = firstStepIssue(
      ZOtherInfoStep,
      { others: true, otherInfoDetails: ' ' },
      OTHER_INFO_FIELD_ORDER,
    );
    expect(issue).toMatchObject({ path: ['otherInfoDetails'], message: WIZARD_MESSAGES.heardAbout });
    expect(ZOtherInfoStep.parse({ others: true, otherInfoDetails: 'A poster' }).otherInfoDetails).toBe(
      'A poster',
    );
  });
  it('stores no agent (null) when the agent box is not ticked, whatever the id box holds', () => {
    expect(ZOtherInfoStep.parse({ website: true, agent: false, agentId: 17 })).toMatchObject({
      agentId: null,
    });
    expect(ZOtherInfoStep.parse({ website: true, agentId: 0 })).toMatchObject({ agentId: null });
  });
  it('takes an agent id above 0 without the checkbox as ticked (the record shape the API receives)', () => {
    expect(ZOtherInfoStep.parse({ agentId: 17 })).toMatchObject({ agentId: 17 });
    expect(firstStepIssue(ZOtherInfoStep, { agentId: 0 }, OTHER_INFO_FIELD_ORDER)).toMatchObject({
      message: WIZARD_MESSAGES.selectOne,
    });
  });
  it('stores no details when others is not ticked', () => {
    expect(
      ZOtherInfoStep.parse({ website: true, otherInfoDetails: 'left over' }).otherInfoDetails,
    ).toBeNull();
  });
  it('refuses a negative agent id with a message key', () => {
    const issue = firstStepIssue(ZOtherInfoStep, { agent: true, agentId: -3 }, OTHER_INFO_FIELD_ORDER);
    expect(issue).toMatchObject({ path: ['agentId'], message: WIZARD_MESSAGES.invalid });
  });
  it('gives every flag a default of false', () => {
    expect(ZOtherInfoStep.parse({ exhibition: true })).toEqual({
      facebook: false,
      twitter: false,
      instagram: false,
      linkedIn: false,
      tikTok: false,
      youTube: false,
      website: false,
      friends: false,
      exhibition: true,
      others: false,
      agentId: null,
      otherInfoDetails: null,
      personalStatement: null,
    });
  });

  it('keeps an optional personal statement of up to PERSONAL_STATEMENT_MAX characters, lines and all', () => {
    const statement = `${'a'.repeat(PERSONAL_STATEMENT_MAX - 2)}\nb`;
    expect(ZOtherInfoStep.parse({ website: true, personalStatement: statement }).personalStatement).toBe(
      statement,
    );
    expect(ZOtherInfoStep.parse({ website: true, personalStatement: '  ' }).personalStatement).toBeNull();
    const issue = firstStepIssue(
      ZOtherInfoStep,
      { website: true, personalStatement: 'a'.repeat(PERSONAL_STATEMENT_MAX + 1) },
      OTHER_INFO_FIELD_ORDER,
    );
    expect(issue).toMatchObject({ path: ['personalStatement'], message: 'validation.tooLong' });
  });
});

describe('otherInfoToForm', () => {
  it('ticks the agent box when an agent id exists', () => {
    expect(otherInfoToForm({ agentId: 5 }).agent).toBe(true);
    expect(otherInfoToForm({ agentId: null }).agent).toBe(false);
    expect(otherInfoToForm({ agentId: 0 }).agent).toBe(false);
  });
});

describe('ZCoursesStep', () => {
  it("needs at least one course ('Please select at least one option.')", () => {
    expect(ZCoursesStep.safeParse([]).error?.issues.map((i) => i.message)).toEqual([
      WIZARD_MESSAGES.selectOne,
    ]);
  });
  it('takes bare ids (no intake) and course-and-intake choices, always giving the object (issue 21)', () => {
    expect(ZCoursesStep.parse([3, { universityCourseId: 8, intakeId: 2 }])).toEqual([
      { universityCourseId: 3, intakeId: null },
      { universityCourseId: 8, intakeId: 2 },
    ]);
    expect(ZCoursesStep.safeParse([{ universityCourseId: 8, intakeId: 0 }]).success).toBe(false);
  });
  it('refuses ids that are not positive', () => {
    expect(ZCoursesStep.safeParse([0]).success).toBe(false);
  });
});
