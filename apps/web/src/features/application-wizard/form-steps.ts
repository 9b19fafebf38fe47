import {
  EMERGENCY_FIELD_ORDER,
  GUARDIAN_FIELD_ORDER,
  OTHER_INFO_FIELD_ORDER,
  OTHER_INFO_SOURCES,
  otherInfoToForm,
  PERSONAL_DEFAULTS,
  PERSONAL_FIELD_ORDER,
  type TApplication,
  ZCoursesStep,
  ZEmergencyStep,
  ZGuardianStep,
  ZOtherInfoStep,
  ZPersonalStep,
} from '@uniapply/shared';
import { z } from 'zod';
import type { TValues } from './step-form';
import { wizardApi } from './wizard-api';

// The frame's form steps (1, 2, 3, 8, 9): each is one shared schema, the values it starts from
// (the saved record, or blanks), and how Next saves it (CreateOrUpdate with the stage it raises to).

type TVersioned = { id: number; lastUpdatedDate: string | null } | null;

export type TFormStep = {
  step: number;
  schema: z.ZodType;
  order: readonly string[];
  /**
   * Next says why it is disabled (the schema's first issue under the button): a step whose rule
   * is not a visible required field (issue 20 item 6: step 8's "at least one option").
   */
  explainsNext?: boolean;
  /** The saved data as the form's values (the "changed since load" baseline). */
  fromApplication: (application: TApplication | null) => TValues;
  /**
   * Saves the step's valid values; resolves to the student id (a new profile gets one, and its
   * form's new-profile draft, named by `draftKey`, is deleted with the save).
   */
  save: (
    studentId: number,
    values: TValues,
    application: TApplication | null,
    draftKey?: string,
  ) => Promise<number>;
};

const pick = (
  record: Record<string, unknown> | null | undefined,
  keys: readonly string[],
  blank: TValues = {},
) =>
  Object.fromEntries(
    keys.map((k) => {
      const v = record?.[k];
      return [k, v === null || v === undefined ? (blank[k] ?? '') : v];
    }),
  );

/** The loaded version travels with the save: a newer stored row answers 409 editConflict. */
const versionOf = (record: TVersioned) =>
  record ? { id: record.id, lastUpdatedDate: record.lastUpdatedDate } : {};

/** Typed blanks: an unchosen choice is undefined ("missing"), never 0. */
const blankChoices = (values: TValues, keys: string[]) => {
  const out = { ...values };
  for (const k of keys) if (out[k] === '') out[k] = undefined;
  return out;
};

function contactStep(
  step: number,
  base: string,
  schema: z.ZodType,
  order: readonly string[],
  key: 'guardian' | 'emergencyContact',
): TFormStep {
  return {
    step,
    schema,
    order,
    fromApplication: (a) =>
      blankChoices(
        pick(
          a?.[key],
          order.filter((k) => k !== 'mobileNumber'),
        ),
        ['relationship'],
      ),
    save: async (studentId, values, a) => {
      const data = schema.parse(values) as TValues;
      await wizardApi.saveRecord(base, studentId, step + 1, {
        ...data,
        studentId,
        ...versionOf(a?.[key] ?? null),
      });
      return studentId;
    },
  };
}

const personalKeys = PERSONAL_FIELD_ORDER.filter((k) => k !== 'mobileNumber');

export const PERSONAL_STEP: TFormStep = {
  step: 1,
  schema: ZPersonalStep,
  order: PERSONAL_FIELD_ORDER,
  fromApplication: (a) => {
    const values = pick(a?.studentInfo, personalKeys, PERSONAL_DEFAULTS);
    // A stored timestamp shows as its date part (spec 2.5).
    values.dateOfBirth = String(values.dateOfBirth ?? '').slice(0, 10);
    return values;
  },
  save: async (studentId, values, a, draftKey) => {
    const data = ZPersonalStep.parse(values);
    const row = await wizardApi.saveRecord<{ id: number }>(
      'StudentInfo',
      studentId,
      2,
      { ...data, ...versionOf(a && a.studentInfo.id === studentId ? a.studentInfo : null) },
      studentId === 0 ? draftKey : undefined,
    );
    return row?.id ?? studentId;
  },
};

export const GUARDIAN_STEP = contactStep(
  2,
  'StudentGuardian',
  ZGuardianStep,
  GUARDIAN_FIELD_ORDER,
  'guardian',
);
export const EMERGENCY_STEP = contactStep(
  3,
  'EmergencyContact',
  ZEmergencyStep,
  EMERGENCY_FIELD_ORDER,
  'emergencyContact',
);

/** The step's form fields: every key of its schema (the first, '', is the step's own summary). */
const otherInfoKeys = OTHER_INFO_FIELD_ORDER.filter(Boolean);

export const OTHER_INFO_STEP: TFormStep = {
  step: 8,
  schema: ZOtherInfoStep,
  order: OTHER_INFO_FIELD_ORDER,
  explainsNext: true,
  fromApplication: (a) => {
    const form: Record<string, unknown> = a?.otherInfo ? otherInfoToForm(a.otherInfo) : {};
    const values = pick(form, otherInfoKeys);
    for (const k of [...OTHER_INFO_SOURCES, 'agent', 'others']) values[k] = values[k] === true;
    if (!values.agentId) values.agentId = '';
    return values;
  },
  save: async (studentId, values, a) => {
    const data = ZOtherInfoStep.parse(values);
    await wizardApi.saveRecord('OtherInfo', studentId, 9, {
      ...data,
      studentId,
      ...versionOf(a?.otherInfo ?? null),
    });
    return studentId;
  },
};

const ZCoursesForm = z.object({ courses: ZCoursesStep });

export const COURSES_STEP: TFormStep = {
  step: 9,
  schema: ZCoursesForm,
  order: ['courses'],
  fromApplication: (a) => ({
    courses: (a?.courses ?? []).map((c) => ({
      universityCourseId: c.universityCourseId,
      intakeId: c.intake?.id ?? null,
    })),
  }),
  save: async (studentId, values) => {
    const { courses } = ZCoursesForm.parse(values);
    // A course without intakes goes as a bare id (spec 7.3), one with an intake as the pair.
    const choices = courses.map((c) => (c.intakeId === null ? c.universityCourseId : c));
    await wizardApi.saveCourses(studentId, 10, choices);
    return studentId;
  },
};

export const FORM_STEPS_BY_NUMBER: Record<number, TFormStep> = {
  1: PERSONAL_STEP,
  2: GUARDIAN_STEP,
  3: EMERGENCY_STEP,
  8: OTHER_INFO_STEP,
  9: COURSES_STEP,
};
