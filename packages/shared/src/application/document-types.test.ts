import { describe, expect, it } from 'vitest';
import { documentRequestName, documentTypeKey, documentTypeName } from './document-types.js';

const t = (key: string) => `<${key}>`;

describe('document type names (issue 20 item 3)', () => {
  it('names the four fixed types by their label key and an admin’s type by its stored name', () => {
    expect([1, 2, 3, 4].map(documentTypeKey)).toEqual([1, 2, 3, 4].map((id) => `enums:documentTypes.${id}`));
    expect(documentTypeKey(5)).toBeNull();
    expect(documentTypeName({ id: 2, name: 'Passport Copy' }, t)).toBe('<enums:documentTypes.2>');
    expect(documentTypeName({ id: 7, name: 'Bank statement' }, t)).toBe('Bank statement');
  });

  it('names a request by its type or by the admin’s text', () => {
    expect(documentRequestName({ documentTypeId: 3, documentTypeName: 'Resume', text: null }, t)).toBe(
      '<enums:documentTypes.3>',
    );
    expect(documentRequestName({ documentTypeId: 9, documentTypeName: 'Visa', text: null }, t)).toBe('Visa');
    expect(
      documentRequestName({ documentTypeId: null, documentTypeName: null, text: 'Bank letter' }, t),
    ).toBe('Bank letter');
  });
});
