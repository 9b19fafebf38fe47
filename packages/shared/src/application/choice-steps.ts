import { z } from 'zod';
import { ZCourseChoice } from '../catalogue/intake.js';
import { DOCUMENT_TYPES, OPTIONAL_DOCUMENT_TYPE_ID } from '../enums.js';
import { isBlank } from '../fields.js';
import { OTHER_INFO_SOURCES, ZOtherInfoFields } from '../students/records.js';
import { WIZARD_MESSAGES } from './messages.js';
import { fillInIssue, optionalField } from './step-fields.js';

// Steps 7 to 9 (spec 5): supporting documents, other information, course selection.

/** A document slot as the step holds it: its type and, once uploaded, the row id and file. */
export type TDocumentSlot = { documentTypeId: number; id?: number | null; docPath?: string | null };

/**
 * Required document types without an uploaded file (a slot needs both a row id and a file).
 * Health examination (type 4) is optional (DESIGN 6). Empty means Next may proceed; otherwise
 * the step shows WIZARD_MESSAGES.uploadDocuments.
 */
export function missingDocuments(
  slots: readonly TDocumentSlot[],
  documentTypes: readonly { id: number }[] = DOCUMENT_TYPES,
): number[] {
  const done = new Set(slots.filter((s) => s.id && !isBlank(s.docPath)).map((s) => s.documentTypeId));
  return documentTypes
    .map((t) => t.id)
    .filter((id) => id !== OPTIONAL_DOCUMENT_TYPE_ID && !done.has(id))
    .sort((a, b) => a - b);
}

const o = ZOtherInfoFields.shape;
const flags = Object.fromEntries(OTHER_INFO_SOURCES.map((k) => [k, o[k]])) as {
  [K in (typeof OTHER_INFO_SOURCES)[number]]: (typeof o)[K];
};

const hasAgentId = (agentId: unknown): agentId is number => typeof agentId === 'number' && agentId > 0;
const agentTicked = (v: { agent?: boolean; agentId?: unknown }) => v.agent ?? hasAgentId(v.agentId);

const ZOtherInfoStepFields = z.object({
  ...flags,
  /**
   * The 'agent' checkbox; the record keeps only agentId (0 or null: no agent). Without it (a
   * client that sends the record's shape) an agent id above 0 counts as ticked.
   */
  agent: z.boolean().optional(),
  others: o.others,
  agentId: optionalField('agentId', z.union([z.literal(''), o.agentId])),
  otherInfoDetails: optionalField('otherInfoDetails', o.otherInfoDetails),
  personalStatement: optionalField('personalStatement', o.personalStatement),
});

/**
 * Step 8: at least one option; a ticked agent needs an agent id (0, null or empty is none); a
 * ticked others needs the details. The output is the record as the API stores it: agentId null
 * unless the agent box is ticked, details null unless others is ticked.
 */
export const ZOtherInfoStep = ZOtherInfoStepFields.superRefine((v, ctx) => {
  const agent = agentTicked(v);
  const anySource = OTHER_INFO_SOURCES.some((k) => v[k] === true) || agent || v.others === true;
  if (!anySource) ctx.addIssue({ code: 'custom', path: [], message: WIZARD_MESSAGES.selectOne });
  if (agent && !hasAgentId(v.agentId)) {
    ctx.addIssue({ ...fillInIssue('agentId'), path: ['agentId'], message: WIZARD_MESSAGES.agentId });
  }
  if (v.others === true && isBlank(v.otherInfoDetails)) {
    ctx.addIssue({
      ...fillInIssue('otherInfoDetails'),
      path: ['otherInfoDetails'],
      message: WIZARD_MESSAGES.heardAbout,
    });
  }
}).transform(({ agent, agentId, ...rest }) => ({
  ...rest,
  agentId: agentTicked({ agent, agentId }) && hasAgentId(agentId) ? agentId : null,
  otherInfoDetails: rest.others ? rest.otherInfoDetails : null,
}));
export type TOtherInfoStepValues = z.input<typeof ZOtherInfoStep>;
export type TOtherInfoStep = z.output<typeof ZOtherInfoStep>;
/** The selectOne issue has an empty path: it sorts first, above the checkboxes. */
export const OTHER_INFO_FIELD_ORDER = ['', ...Object.keys(ZOtherInfoStepFields.shape)];

/** A stored record as the step's values: the agent box is ticked when an agent id exists (spec 2.5). */
export function otherInfoToForm<T extends { agentId: number | null }>(record: T): T & { agent: boolean } {
  return { ...record, agent: hasAgentId(record.agentId) };
}

/**
 * Step 9: at least one choice, a university course id or `{ universityCourseId, intakeId }` (issue
 * 21); the output is always the object ('Please select at least one option.').
 */
export const ZCoursesStep = z.array(ZCourseChoice).min(1, WIZARD_MESSAGES.selectOne).max(50);
export type TCoursesStep = z.output<typeof ZCoursesStep>;
