import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OTHERS_REQUIRED } from '../students/others.js';
import { ZCoursesStep, ZOtherInfoStep } from './choice-steps.js';
import { ZEmergencyStep, ZGuardianStep } from './contact-steps.js';
import { ZDraft } from './draft.js';
import { ZExperienceEntry, ZLanguageEntry, ZQualificationEntry, ZQualificationsStep } from './entries.js';
import { WIZARD_MESSAGE_KEYS, WIZARD_MESSAGES } from './messages.js';
import { ZPersonalStep } from './personal-step.js';

const schemas: Record<string, z.ZodType> = {
  ZPersonalStep,
  ZGuardianStep,
  ZEmergencyStep,
  ZQualificationEntry,
  ZLanguageEntry,
  ZExperienceEntry,
  ZOtherInfoStep,
};
const wrong = [{}, { relationship: 3, qualificationType: 6, languageType: 3 }, { agent: true, others: true }];
const oddValues = [5, '', ' ', true, { x: 1 }, [1], 'x'.repeat(5000), -1, '+0'];

describe('wizard messages', () => {
  it('are all listed in WIZARD_MESSAGE_KEYS, besides the record messages of the validation namespace', () => {
    const seen = new Set<string>();
    for (const [name, schema] of Object.entries(schemas)) {
      const keys = Object.keys((schema as unknown as { shape?: object }).shape ?? {});
      const fields = keys.length ? keys : Object.keys(ZPersonalStep.shape);
      const inputs = [
        ...wrong,
        ...oddValues.map((v) => Object.fromEntries(fields.map((k) => [k, v]))),
        ...oddValues.map((v) => ({ ...wrong[1], ...wrong[2], to: v, yearOfExam: v, agentId: v })),
      ];
      for (const input of inputs) {
        for (const issue of schema.safeParse(input).error?.issues ?? []) {
          seen.add(issue.message);
          const known =
            WIZARD_MESSAGE_KEYS.includes(issue.message) || issue.message.startsWith('validation.');
          expect(known, `${name}: ${issue.message}`).toBe(true);
        }
      }
    }
    for (const schema of [ZQualificationsStep, ZCoursesStep, ZDraft]) {
      for (const issue of schema.safeParse([]).error?.issues ?? []) seen.add(issue.message);
    }
    expect(seen).toContain(WIZARD_MESSAGES.fillIn);
    expect(seen).toContain(OTHERS_REQUIRED);
    expect(seen).toContain(WIZARD_MESSAGES.invalid);
    expect(seen).toContain(WIZARD_MESSAGES.heardAbout);
  });

  it('use the wizard namespace for every key the list holds', () => {
    for (const key of WIZARD_MESSAGE_KEYS) expect(key).toMatch(/^wizard\.\w+\.\w+$/);
    expect(new Set(WIZARD_MESSAGE_KEYS).size).toBe(WIZARD_MESSAGE_KEYS.length);
  });
});
