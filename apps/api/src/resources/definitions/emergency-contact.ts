import { ZEmergencyContact, ZEmergencyContactInput } from '@uniapply/shared';
import { emergencyContacts } from '../../db/schema/index.js';
import { defineResource } from '../define.js';
import { studentInfoJoin } from './child.js';

export const emergencyContactResource = defineResource({
  base: 'EmergencyContact',
  label: 'emergency contact',
  table: emergencyContacts,
  scope: 'child',
  input: ZEmergencyContactInput,
  output: ZEmergencyContact,
  ...studentInfoJoin(emergencyContacts.studentId),
  upsertBy: ['studentId'],
});
