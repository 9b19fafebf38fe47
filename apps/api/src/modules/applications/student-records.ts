import { eq } from 'drizzle-orm';
import { studentInfos, users } from '../../db/schema/index.js';
import { conflict } from '../../http/errors.js';
import type { TResourceHooks } from '../../resources/define.js';
import type { TResourceBase } from '../../resources/definitions/index.js';
import type { ResourceRegistry } from '../../resources/registry.js';
import { setStage, ZStageQuery } from './stage.js';

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
    if (studentId) await setStage(tx, studentId, stage);
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

const STAGE_NOTE =
  'Also records the application stage `stage` (it never moves backwards), in the same transaction.';

/** Adds the wizard's rules to this app's student records (before the resource routes exist). */
export function extendStudentRecords(resources: ResourceRegistry) {
  resources.extend('StudentInfo', {
    hooks: { ...studentProfile, ...recordStage((_row, id) => id) },
    query: ZStageQuery,
    note: STAGE_NOTE,
  });
  for (const base of CHILD_RECORDS) {
    resources.extend(base, {
      hooks: recordStage((row) => Number(row.studentId)),
      query: ZStageQuery,
      note: STAGE_NOTE,
    });
  }
  for (const base of WITH_MOBILE) resources.extend(base, { hooks: defaultMobileNumber });
}
