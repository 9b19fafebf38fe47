import { describe, expect, it } from 'vitest';
import {
  missingBeforeStage,
  missingForConfirm,
  missingMessage,
  stageAfterSave,
  stageWithinSaved,
  stepOfMissing,
  type TConfirmInput,
  type TConfirmPart,
  ZApplication,
} from './review.js';
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

describe('missingBeforeStage', () => {
  const empty = ZApplication.parse({
    ...completeApplication(),
    guardian: null,
    emergencyContact: null,
    qualifications: [],
    languages: [],
    documents: [],
    otherInfo: null,
    courses: [],
  });

  it('names only the steps before the stage: stage 2 needs the personal step alone', () => {
    expect(missingBeforeStage(empty, 2)).toEqual([]);
    expect(missingBeforeStage(empty, 3)).toEqual(['guardian']);
    expect(missingBeforeStage(empty, 6)).toEqual([
      'guardian',
      'emergencyContact',
      'qualifications',
      'languages',
    ]);
  });

  it('lets an empty experience step through (stage 7) and wants the documents for 8', () => {
    const upToLanguages = ZApplication.parse({
      ...completeApplication(),
      documents: [],
      otherInfo: null,
      courses: [],
    });
    expect(missingBeforeStage(upToLanguages, 7)).toEqual([]);
    expect(missingBeforeStage(upToLanguages, 8)).toEqual(['document:1', 'document:2', 'document:3']);
    expect(missingBeforeStage(upToLanguages, 10)).toEqual([
      'document:1',
      'document:2',
      'document:3',
      'otherInfo',
      'courses',
    ]);
  });

  it('finds nothing missing for any stage of a complete application', () => {
    const app = ZApplication.parse(completeApplication());
    for (const stage of [1, 5, 10, 11]) expect(missingBeforeStage(app, stage)).toEqual([]);
  });

  it('maps each code to its step', () => {
    expect(
      ['personal', 'languages', 'document:4', 'otherInfo', 'courses'].map((c) => stepOfMissing(c as never)),
    ).toEqual([1, 5, 7, 8, 9]);
  });
});

/** A complete application's parts, and a reader that empties some and records what is read. */
const completeParts = ZApplication.parse(completeApplication());
const emptied: TConfirmInput = {
  ...completeParts,
  studentInfo: { ...completeParts.studentInfo, race: '' },
  guardian: null,
  emergencyContact: null,
  qualifications: [],
  languages: [],
  documents: [],
  otherInfo: null,
  courses: [],
};
const parts = Object.keys(emptied) as TConfirmPart[];

/** The application with the parts in `missing` emptied, and the parts read from it, in order. */
const reader = (missing: Set<TConfirmPart>) => {
  const read: TConfirmPart[] = [];
  const application = Object.fromEntries(
    parts.map((p) => [p, missing.has(p) ? emptied[p] : completeParts[p]]),
  ) as TConfirmInput;
  const readPart = async <K extends TConfirmPart>(part: K) => {
    read.push(part);
    return application[part];
  };
  return { application, read, readPart };
};

describe('stageWithinSaved', () => {
  it('is min(stage, the steps of missingBeforeStage) for each missing part, pair of parts and stage', async () => {
    const sets: TConfirmPart[][] = [[], parts, ...parts.map((p) => [p])];
    for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) sets.push([a, b]);
    for (const missing of sets) {
      for (const stage of missing.length === 2 ? [5, 10] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
        const { application, readPart } = reader(new Set(missing));
        const expected = Math.min(stage, ...missingBeforeStage(application, stage).map(stepOfMissing));
        expect(await stageWithinSaved(stage, readPart)).toBe(expected);
      }
    }
  }, 60_000);

  it('reads the parts in step order and stops at the first missing one', async () => {
    const { read, readPart } = reader(new Set(['emergencyContact', 'documents']));
    expect(await stageWithinSaved(10, readPart)).toBe(3);
    expect(read).toEqual(['studentInfo', 'guardian', 'emergencyContact']);
  });

  it('reads only the steps before the stage', async () => {
    const { read, readPart } = reader(new Set());
    expect(await stageWithinSaved(3, readPart)).toBe(3);
    expect(read).toEqual(['studentInfo', 'guardian']);
    expect(await stageWithinSaved(1, reader(new Set()).readPart)).toBe(1);
  });
});

describe('stageAfterSave', () => {
  it('is max(stored, stageWithinSaved(stage)) for each missing part, pair of parts, stored stage and stage', async () => {
    const sets: TConfirmPart[][] = [[], parts, ...parts.map((p) => [p])];
    for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) sets.push([a, b]);
    for (const missing of sets) {
      const stages = missing.length === 2 ? [0, 3, 5, 10] : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
      for (const stored of stages) {
        for (const stage of stages) {
          const expected = Math.max(stored, await stageWithinSaved(stage, reader(new Set(missing)).readPart));
          expect(await stageAfterSave(stored, stage, reader(new Set(missing)).readPart)).toBe(expected);
        }
      }
    }
  }, 60_000);

  it('reads only the stored step when it is itself missing (the earlier steps cannot raise the stage)', async () => {
    const { read, readPart } = reader(new Set(['emergencyContact', 'documents']));
    expect(await stageAfterSave(3, 10, readPart)).toBe(3);
    expect(read).toEqual(['emergencyContact']);
  });

  it('reads the earlier steps when the later ones are saved, and nothing for a stage already reached', async () => {
    const { read, readPart } = reader(new Set());
    expect(await stageAfterSave(3, 4, readPart)).toBe(4);
    expect(read).toEqual(['emergencyContact', 'studentInfo', 'guardian']);
    const none = reader(new Set());
    expect(await stageAfterSave(5, 5, none.readPart)).toBe(5);
    expect(none.read).toEqual([]);
  });
});
