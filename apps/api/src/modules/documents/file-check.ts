import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
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

/**
 * Limits of a docx's zip: its entry count, and what its parts inflate to, in all and each against
 * its compressed size (checked on the sizes declared first, then on the real inflation).
 */
export const ZIP_LIMITS = { entries: 1000, totalUncompressed: 100 * 1024 * 1024, ratio: 200 };

/** Why an upload is refused: its `code` (packages/shared errors) and the English reason. */
export type TRefusal = { code: 'fileType' | 'fileDamaged' | 'fileTooLargeInside'; reason: string };
export type TCheck =
  | { ok: true; kind: TKind; contentType: string }
  | ({ ok: false; params: { accepted: string } } & TRefusal);

export function kindOfName(name: string): TKind | null {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) return null;
  return ext === 'jpeg' ? 'jpg' : (ext as TKind);
}

const allowedList = ALLOWED_EXTENSIONS.join(', ');

const refuse = (refusal: TRefusal): TCheck => ({ ok: false, ...refusal, params: { accepted: allowedList } });

export async function checkUpload(filePath: string, displayName: string): Promise<TCheck> {
  const kind = kindOfName(displayName);
  if (!kind)
    return refuse({ code: 'fileType', reason: `Only these file types are accepted: ${allowedList}.` });
  const detected = await fileTypeFromFile(filePath).catch(() => undefined);
  if (detected?.ext !== DETECTED[kind]) {
    return refuse({
      code: 'fileType',
      reason: `The file's content is not a ${kind} file. Accepted: ${allowedList}.`,
    });
  }
  const problem =
    kind === 'docx'
      ? await inspectOfficeZip(filePath)
      : kind === 'doc'
        ? await inspectWord97(filePath)
        : null;
  return problem ? refuse(problem) : { ok: true, kind, contentType: CONTENT_TYPES[kind] };
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

const notDoc: TRefusal = { code: 'fileDamaged', reason: 'The file is not a valid Word (.doc) file.' };
const END_OF_CHAIN = 0xfffffffe;

/**
 * A .doc is an OLE2 compound file (magic checked by file-type) holding a `WordDocument` stream; an
 * Excel or PowerPoint file or an installer is a compound file too. The header is checked (version 3
 * or 4, little-endian, its sector size), then the directory's sector chain is followed through the
 * FAT for an entry of that name: a few sectors read, never the streams themselves.
 */
export async function inspectWord97(filePath: string): Promise<TRefusal | null> {
  const { size } = await fsp.stat(filePath);
  const handle = await fsp.open(filePath, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, position);
      return bytesRead === length ? buf : null;
    };
    const h = await read(0, 512);
    if (!h) return notDoc;
    const major = h.readUInt16LE(26);
    const shift = h.readUInt16LE(30);
    if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)) || h.readUInt16LE(28) !== 0xfffe) {
      return notDoc;
    }
    const sectorSize = 1 << shift;
    const sectors = Math.ceil(size / sectorSize);
    const sector = (n: number) =>
      n < sectors ? read((n + 1) * sectorSize, sectorSize) : Promise.resolve(null);
    // The FAT's own sectors: the first 109 are listed in the header, more in the DIFAT chain.
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) fatSectors.push(h.readUInt32LE(76 + i * 4));
    let difat = h.readUInt32LE(68);
    for (let hops = 0; difat !== END_OF_CHAIN && difat < sectors && hops < sectors; hops++) {
      const d = await sector(difat);
      if (!d) return notDoc;
      for (let at = 0; at < sectorSize - 4; at += 4) fatSectors.push(d.readUInt32LE(at));
      difat = d.readUInt32LE(sectorSize - 4);
    }
    const perFatSector = sectorSize / 4;
    const next = async (n: number) => {
      const fat = fatSectors[Math.floor(n / perFatSector)];
      const f = fat === undefined ? null : await sector(fat);
      return f ? f.readUInt32LE((n % perFatSector) * 4) : END_OF_CHAIN;
    };
    let dir = h.readUInt32LE(48);
    for (let hops = 0; dir !== END_OF_CHAIN && hops < sectors; hops++) {
      const d = await sector(dir);
      if (!d) return notDoc;
      for (let at = 0; at + 128 <= sectorSize; at += 128) {
        const nameLength = Math.min(d.readUInt16LE(at + 64), 64);
        const name = d.subarray(at, at + Math.max(nameLength - 2, 0)).toString('utf16le');
        // Type 2: a stream.
        if (d[at + 66] === 2 && name === 'WordDocument') return null;
      }
      dir = await next(dir);
    }
    return { code: 'fileType', reason: 'The file is not a Word document (it has no WordDocument stream).' };
  } finally {
    await handle.close();
  }
}

const notDocx: TRefusal = { code: 'fileDamaged', reason: 'The file is not a valid Word (.docx) file.' };
const tooLargeInside: TRefusal = { code: 'fileTooLargeInside', reason: 'The Word file is too large inside.' };

type TEntry = { method: number; flags: number; compressed: number; declared: number; offset: number };

/**
 * The bytes a deflated part really inflates to, streamed and counted, never kept: 'over' as soon as
 * they pass `cap` (the inflating stops there), 'bad' when the data is no deflate stream.
 */
function inflatedSize(filePath: string, start: number, length: number, cap: number) {
  return new Promise<number | 'over' | 'bad'>((resolve) => {
    const input = fs.createReadStream(filePath, { start, end: start + length - 1 });
    const inflate = zlib.createInflateRaw();
    let out = 0;
    let settled = false;
    const finish = (result: number | 'over' | 'bad') => {
      if (settled) return;
      settled = true;
      input.destroy();
      inflate.destroy();
      resolve(result);
    };
    inflate.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > cap) finish('over');
    });
    inflate.on('end', () => finish(out));
    inflate.on('error', () => finish('bad'));
    input.on('error', () => finish('bad'));
    input.pipe(inflate);
  });
}

/**
 * Each part inflated for real (SECURITY 25): the sizes a zip declares are the sender's word. A part
 * that inflates past what it declares is a bomb (the inflating stops at that cap, so the work is
 * bounded by the declared sizes checked before); one that inflates to less, or not at all, is
 * damaged, and so is a stored part whose sizes differ or an encrypted one.
 */
async function inspectInflation(filePath: string, size: number, entries: TEntry[]): Promise<TRefusal | null> {
  for (const entry of entries) {
    if (entry.flags & 1) return notDocx;
    const local = await readAt(filePath, entry.offset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) return notDocx;
    const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + entry.compressed > size) return notDocx;
    if (entry.method === 0) {
      if (entry.compressed !== entry.declared) return notDocx;
      continue;
    }
    if (entry.method !== 8) return notDocx;
    const real = await inflatedSize(filePath, start, entry.compressed, entry.declared);
    if (real === 'over') return tooLargeInside;
    if (real !== entry.declared) return notDocx;
  }
  return null;
}

/**
 * A docx must be an Office zip with its parts, and no zip bomb: the central directory's declared
 * sizes are checked first (entry count, total size, compression ratio), then every part is
 * inflated for real, counting, against what it declared (inspectInflation). The limits protect
 * whoever opens the file later (Word, previews, PDF generation).
 */
export async function inspectOfficeZip(filePath: string): Promise<TRefusal | null> {
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
  if (eocd < 0) return notDocx;
  const entries = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (entries > ZIP_LIMITS.entries)
    return { code: 'fileTooLargeInside', reason: 'The Word file has too many parts.' };
  if (cdOffset === 0xffffffff || cdOffset + cdSize > size) return notDocx;
  const cd = await readAt(filePath, cdOffset, cdSize);
  const names = new Set<string>();
  const parts: TEntry[] = [];
  let total = 0;
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50) {
      return notDocx;
    }
    const flags = cd.readUInt16LE(at + 8);
    const method = cd.readUInt16LE(at + 10);
    const compressed = cd.readUInt32LE(at + 20);
    const uncompressed = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    names.add(cd.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    // 0xffffffff defers to ZIP64 fields: no real Word file under the upload limit needs them.
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return tooLargeInside;
    total += uncompressed;
    parts.push({ method, flags, compressed, declared: uncompressed, offset: cd.readUInt32LE(at + 42) });
    if (uncompressed > 1024 * 1024 && uncompressed > Math.max(compressed, 1) * ZIP_LIMITS.ratio) {
      return tooLargeInside;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (total > ZIP_LIMITS.totalUncompressed) return tooLargeInside;
  if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) {
    return notDocx;
  }
  return inspectInflation(filePath, size, parts);
}
