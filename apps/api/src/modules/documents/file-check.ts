import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

// Uploads are accepted by extension AND content (SECURITY 24-25): the client's name must end in an
// allowed extension, and the bytes must be that kind of file.

export const ALLOWED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
type TKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png';

/** The type we store and send back is ours, from the content; the client's is ignored. */
export const CONTENT_TYPES: Record<TKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** What file-type names each kind: a .doc is an OLE2 compound file ('cfb'). */
const DETECTED: Record<TKind, string> = { pdf: 'pdf', doc: 'cfb', docx: 'docx', jpg: 'jpg', png: 'png' };

/** Limits of a docx's zip, read from its central directory without decompressing anything. */
export const ZIP_LIMITS = { entries: 1000, totalUncompressed: 100 * 1024 * 1024, ratio: 200 };

export type TCheck = { ok: true; kind: TKind; contentType: string } | { ok: false; reason: string };

export function kindOfName(name: string): TKind | null {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) return null;
  return ext === 'jpeg' ? 'jpg' : (ext as TKind);
}

const allowedList = ALLOWED_EXTENSIONS.join(', ');

export async function checkUpload(filePath: string, displayName: string): Promise<TCheck> {
  const kind = kindOfName(displayName);
  if (!kind) return { ok: false, reason: `Only these file types are accepted: ${allowedList}.` };
  const detected = await fileTypeFromFile(filePath).catch(() => undefined);
  if (detected?.ext !== DETECTED[kind]) {
    return { ok: false, reason: `The file's content is not a ${kind} file. Accepted: ${allowedList}.` };
  }
  if (kind === 'docx') {
    const problem = await inspectOfficeZip(filePath);
    if (problem) return { ok: false, reason: problem };
  }
  if (kind === 'doc' && !(await isCompoundFileHeader(filePath))) {
    return { ok: false, reason: 'The file is not a valid Word (.doc) file.' };
  }
  return { ok: true, kind, contentType: CONTENT_TYPES[kind] };
}

async function readAt(filePath: string, position: number, length: number): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** OLE2 header: magic (checked by file-type), then version 3 or 4 and the little-endian mark. */
async function isCompoundFileHeader(filePath: string): Promise<boolean> {
  const h = await readAt(filePath, 0, 512);
  if (h.length < 512) return false;
  const major = h.readUInt16LE(26);
  return (major === 3 || major === 4) && h.readUInt16LE(28) === 0xfffe;
}

/**
 * A docx must be an Office zip with its parts, and no zip bomb: the central directory's declared
 * sizes are checked (entry count, total size, compression ratio). Nothing is decompressed here;
 * the limits protect whoever opens the file later (Word, previews, PDF generation).
 */
export async function inspectOfficeZip(filePath: string): Promise<string | null> {
  const { size } = await fsp.stat(filePath);
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readAt(filePath, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'The file is not a valid Word (.docx) file.';
  const entries = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (entries > ZIP_LIMITS.entries) return 'The Word file has too many parts.';
  if (cdOffset === 0xffffffff || cdOffset + cdSize > size)
    return 'The file is not a valid Word (.docx) file.';
  const cd = await readAt(filePath, cdOffset, cdSize);
  const names = new Set<string>();
  let total = 0;
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) {
      return 'The file is not a valid Word (.docx) file.';
    }
    const compressed = cd.readUInt32LE(at + 20);
    const uncompressed = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    names.add(cd.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    // 0xffffffff defers to ZIP64 fields: no real Word file under the upload limit needs them.
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return 'The Word file is too large inside.';
    total += uncompressed;
    if (uncompressed > 1024 * 1024 && uncompressed > Math.max(compressed, 1) * ZIP_LIMITS.ratio) {
      return 'The Word file is too large inside.';
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (total > ZIP_LIMITS.totalUncompressed) return 'The Word file is too large inside.';
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) {
    return 'The file is not a valid Word (.docx) file.';
  }
  return null;
}
