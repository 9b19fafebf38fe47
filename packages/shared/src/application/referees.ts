import { z } from 'zod';
import { zId } from '../fields.js';
import { MAX_REFEREES, ZRefereeFields } from '../students/referees.js';
import { optionalField, requiredField } from './step-fields.js';

// Step 8's referee dialog (issue 21 item 4): the record's own fields, each required with the
// wizard's 'Please fill in the {field name} field'. Entries carry no studentId (the route names
// the student) and an id only when editing, as the entries of steps 4 to 6.

const r = ZRefereeFields.shape;

const ZRefereeEntryFields = z.object({
  id: optionalField('id', zId.optional()),
  fullName: requiredField('fullName', r.fullName),
  // Not the contacts' kinship choice: the referee's role in the applicant's words.
  relationship: requiredField('refereeRelationship', r.relationship),
  email: requiredField('email', r.email),
  institution: requiredField('institution', r.institution),
});
export const ZRefereeEntry = ZRefereeEntryFields;
export type TRefereeEntryValues = z.input<typeof ZRefereeEntry>;
export type TRefereeEntry = z.output<typeof ZRefereeEntry>;
export const REFEREE_FIELD_ORDER = Object.keys(ZRefereeEntryFields.shape);
/** Referees are optional: none, one or two. */
export const ZRefereesList = z.array(ZRefereeEntry).max(MAX_REFEREES, 'validation.tooMany');
