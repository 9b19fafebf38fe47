import { describe, expect, it } from 'vitest';
import { contentDisposition, displayNameOf } from './names.js';

describe('displayNameOf', () => {
  it('keeps the last path segment, without control characters', () => {
    expect(displayNameOf('../../etc/passwd.pdf', 'bin')).toBe('passwd.pdf');
    expect(displayNameOf('C:\\Users\\me\\cv.docx', 'bin')).toBe('cv.docx');
    expect(displayNameOf('a\r\nb\u0000c\u2028.pdf', 'bin')).toBe('abc.pdf');
    expect(displayNameOf('  Ариза.pdf ', 'bin')).toBe('Ариза.pdf');
  });

  it('drops bidirectional controls, so a name cannot show its extension reversed (item 14)', () => {
    // "cv\u202Efdp.exe" shows as "cvexe.pdf": the override is gone, the real name shows.
    expect(displayNameOf('cv\u202Efdp.exe', 'bin')).toBe('cvfdp.exe');
    const every = '\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(displayNameOf(`a${every}b.pdf`, 'bin')).toBe('ab.pdf');
    expect(contentDisposition('x\u202Efdp.exe')).not.toMatch(/\u202E|%E2%80%AE/);
    // Right-to-left text itself is kept.
    expect(displayNameOf('سيرة.pdf', 'bin')).toBe('سيرة.pdf');
  });

  it('falls back to a plain name, and cuts long names keeping the extension', () => {
    expect(displayNameOf(undefined, 'pdf')).toBe('file.pdf');
    expect(displayNameOf('..', 'pdf')).toBe('file.pdf');
    const long = displayNameOf(`${'x'.repeat(300)}.docx`, 'bin');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('contentDisposition (item 27)', () => {
  it('neutralises CR/LF, quotes and backslashes, and encodes the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('a\r\nSet-Cookie: x=1"\\.pdf')).toBe(
      `attachment; filename="aSet-Cookie: x=1__.pdf"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1%22%5C.pdf`,
    );
    expect(contentDisposition("Résumé (v2)*'.pdf")).toBe(
      `attachment; filename="R_sum_ (v2)*'.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28v2%29%2A%27.pdf`,
    );
  });
});
