import { DOCUMENT_TYPES } from '../enums.js';

// Issue 20 item 3: the four fixed document types (ids 1 to 4, seeded) are named in the reader's
// language everywhere (review, admin record, document requests, mails, PDF) while their stored
// name stays as seeded; a type an admin adds is named by its stored name. Every screen, the mails
// and the PDF name a type through here.

const FIXED_IDS: ReadonlySet<number> = new Set(DOCUMENT_TYPES.map((d) => d.id));

/** The label key of a fixed document type (`enums:documentTypes.<id>`); null for an admin's type. */
export function documentTypeKey(id: number): string | null {
  return FIXED_IDS.has(id) ? `enums:documentTypes.${id}` : null;
}

/** A document type as the reader sees it: a fixed type in `t`'s language, another by its stored name. */
export function documentTypeName(
  type: { id: number; name?: string | null },
  t: (key: string) => string,
): string {
  const key = documentTypeKey(type.id);
  return key ? t(key) : (type.name ?? String(type.id));
}

/** What a document request asks for: its document type, or the admin's own text. */
export function documentRequestName(
  request: { documentTypeId: number | null; documentTypeName?: string | null; text?: string | null },
  t: (key: string) => string,
): string {
  return request.documentTypeId !== null
    ? documentTypeName({ id: request.documentTypeId, name: request.documentTypeName }, t)
    : (request.text ?? '');
}
