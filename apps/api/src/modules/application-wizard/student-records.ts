import { and, eq, isNotNull } from 'drizzle-orm';
import { applicationStages, studentCourses, studentInfos, users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import type { TResourceHooks } from '../../resources/define.js';
import type { TResourceBase } from '../../resources/definitions/index.js';
import type { ResourceRegistry } from '../../resources/registry.js';
import { dropDraftOnSave, dropNewProfileDraftOnCreate } from './drafts.js';
import { recordSavedStage } from './review.js';
import { ZStageQuery } from './stage.js';
import { checkVersion } from './versions.js';

// The wizard's rules on the generic verbs of the student's records (DESIGN 6 and 7): a student
// holds one profile, CreateOrUpdate without an id saves the student's own profile, each save
// records the stage sent with it, and a mobile number defaults to the phone number.

/** The records a student's wizard saves through CreateOrUpdate, besides the profile itself. */
const CHILD_RECORDS: TResourceBase[] = [
  'StudentGuardian',
  'EmergencyContact',
  'Qualification',
  'Language',
  'Experience',
  'OtherInfo',
  'StudentCourse',
];
const WITH_MOBILE = new Set<TResourceBase>(['StudentInfo', 'StudentGuardian', 'EmergencyContact']);

/** CreateOrUpdate's `?stage=` is recorded for the record's student, in the same transaction. */
const recordStage = (studentIdOf: (row: Record<string, unknown>, id: number) => number): TResourceHooks => ({
  async afterWrite(ctx, row, { tx, id }) {
    const stage = ctx.query.stage;
    if (ctx.verb !== 'createOrUpdate' || typeof stage !== 'number') return;
    const studentId = studentIdOf(row, id);
    if (studentId) await recordSavedStage(tx, studentId, stage);
  },
});

/** Spec 3: the mobile number is copied from the phone number when not given. */
const defaultMobileNumber: TResourceHooks = {
  beforeWrite: (_ctx, row) => ({ ...row, mobileNumber: row.mobileNumber || row.phoneNumber }),
};

const studentProfile: TResourceHooks = {
  /** `studentId` names the profile; without it a student saves their one profile, an agent adds one. */
  async upsertTarget({ actor, query }, _input, { tx }) {
    if (query.studentId) return Number(query.studentId);
    if (actor.role !== 'Student') return null;
    const [own] = await tx
      .select({ id: studentInfos.id })
      .from(studentInfos)
      .where(eq(studentInfos.userId, actor.id))
      .limit(1);
    return own?.id ?? null;
  },
  /** A student may hold only one profile. */
  async beforeWrite({ actor }, row, { tx, id }) {
    if (id !== undefined || actor.role !== 'Student') return row;
    // Serialise a student's concurrent adds on their user row, then allow only one profile.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [existing] = await tx
      .select({ id: studentInfos.id })
      .from(studentInfos)
      .where(eq(studentInfos.userId, actor.id))
      .limit(1);
    if (existing) throw conflict('A student may hold only one student profile.');
    return row;
  },
};

/** The wizard step whose draft a save of each record replaces (DESIGN 6 "Drafts"). */
const DRAFT_STEP: Partial<Record<TResourceBase, number>> = {
  StudentInfo: 1,
  StudentGuardian: 2,
  EmergencyContact: 3,
  Qualification: 4,
  Language: 5,
  Experience: 6,
  OtherInfo: 8,
  StudentCourse: 9,
};
/** Records that carry a version (`lastUpdatedDate`) a CreateOrUpdate is checked against. */
const VERSIONED: TResourceBase[] = ['StudentInfo', 'StudentGuardian', 'EmergencyContact', 'OtherInfo'];

export const applicationSubmitted = () =>
  new AppError(
    409,
    'Conflict',
    'This student has a submitted application and cannot be deleted.',
    undefined,
    'applicationSubmitted',
  );

/** DESIGN 6: only an admin deletes a student whose application was submitted. */
const keepSubmittedStudents: TResourceHooks = {
  async beforeWrite({ actor, verb }, row, { tx, id }) {
    if (verb !== 'delete' || id === undefined || actor.role === 'Admin') return row;
    const [stage] = await tx
      .select({ step: applicationStages.step })
      .from(applicationStages)
      .where(eq(applicationStages.studentId, id))
      .for('update');
    const [course] = await tx
      .select({ id: studentCourses.id })
      .from(studentCourses)
      .where(and(eq(studentCourses.studentId, id), isNotNull(studentCourses.submittedAt)))
      .limit(1);
    if (stage?.step === 11 || course) throw applicationSubmitted();
    return row;
  },
};

/** OtherInfo.agentId names an agent's account, or nothing (item 14). */
const realAgent: TResourceHooks = {
  async beforeWrite({ verb }, row, { tx }) {
    if (verb === 'delete' || row.agentId === null || row.agentId === undefined) return row;
    const [agent] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, Number(row.agentId)), eq(users.role, 'Agent')));
    if (!agent) {
      throw badRequest('agentId: no such agent.', [{ path: 'body.agentId', message: 'validation.notFound' }]);
    }
    return row;
  },
};

const STAGE_NOTE =
  'Also records the application stage `stage` (it never moves backwards), in the same transaction.';

/** Adds the wizard's rules to this app's student records (before the resource routes exist). */
export function extendStudentRecords(resources: ResourceRegistry) {
  resources.extend('StudentInfo', {
    hooks: { ...studentProfile, ...recordStage((_row, id) => id) },
    query: ZStageQuery,
    note: STAGE_NOTE,
  });
  resources.extend('StudentInfo', { hooks: keepSubmittedStudents });
  resources.extend('StudentInfo', dropNewProfileDraftOnCreate);
  for (const base of CHILD_RECORDS) {
    resources.extend(base, {
      hooks: recordStage((row) => Number(row.studentId)),
      query: ZStageQuery,
      note: STAGE_NOTE,
    });
  }
  for (const base of WITH_MOBILE) resources.extend(base, { hooks: defaultMobileNumber });
  resources.extend('OtherInfo', { hooks: realAgent });
  for (const base of VERSIONED)
    resources.extend(base, {
      hooks: checkVersion,
      note: 'A body `lastUpdatedDate` older than the stored one is a 409 `editConflict` naming who changed it.',
    });
  for (const [base, step] of Object.entries(DRAFT_STEP) as [TResourceBase, number][]) {
    const studentIdOf =
      base === 'StudentInfo'
        ? (_row: Record<string, unknown>, id: number) => id
        : (row: Record<string, unknown>) => Number(row.studentId);
    resources.extend(base, { hooks: dropDraftOnSave(step, studentIdOf) });
  }
}
