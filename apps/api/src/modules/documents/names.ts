// The client's file name is display text only (DESIGN 5): cleaned on the way in, and encoded per
// RFC 6266 / RFC 5987 on the way out.

// Control characters (C0, DEL, C1), the Unicode line/paragraph separators, and the bidirectional
// marks, embeddings, overrides and isolates (ALM, LRM, RLM, U+202A-U+202E, U+2066-U+2069), with
// which "cv\u202Efdp.exe" shows as "cvexe.pdf".
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path segment of the client's name, without control characters, at most 200 chars. */
export function displayNameOf(clientName: string | undefined, fallbackExt: string): string {
  const base = (clientName ?? '').split(/[/\\]/).pop() ?? '';
  let name = base.normalize('NFC').replace(CONTROL, '').trim();
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name === '' || name === '.' || name === '..' ? `file.${fallbackExt}` : name;
}

/** RFC 5987 attr-char: everything else is percent-encoded (encodeURIComponent leaves '()* alone). */
const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` with an ASCII fallback name and the exact UTF-8 name; quotes and CR/LF cannot escape. */
export function contentDisposition(name: string): string {
  const clean = name.replace(CONTROL, '');
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
