import { ZDocumentType, ZDocumentTypeInput } from '@uniapply/shared';
import { documentTypes, studentDocuments } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

export const documentTypeResource = defineResource({
  base: 'DocumentType',
  label: 'document type',
  table: documentTypes,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZDocumentTypeInput,
  output: ZDocumentType,
  usedBy: [{ column: studentDocuments.documentTypeId, one: 'student document', many: 'student documents' }],
});
