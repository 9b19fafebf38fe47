import zlib from 'node:zlib';

// The passport photo goes into the PDF only when it is a whole, readable JPG or PNG: anything else
// (a PDF uploaded into the photo slot, a truncated or corrupt image) is left out with a note, so
// one bad file never breaks the application form (issue 10 item 2).

export type TPhoto = { format: 'png' | 'jpg'; data: Uint8Array; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_SIDE = 20_000;

/** Walks the PNG's chunks (with their CRCs), reads IHDR and inflates the image data to its size. */
function checkPng(b: Buffer): TPhoto | null {
  if (!PNG_SIGNATURE.every((v, i) => b[i] === v)) return null;
  let at = 8;
  let width = 0;
  let height = 0;
  let rowBytes = 0;
  let interlaced = false;
  const idat: Buffer[] = [];
  let ended = false;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > b.length) return null;
    const data = b.subarray(at + 8, at + 8 + length);
    if (zlib.crc32(b.subarray(at + 4, at + 8 + length)) !== b.readUInt32BE(at + 8 + length)) return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8]!;
      const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[data[9]!];
      if (!channels || ![1, 2, 4, 8, 16].includes(depth)) return null;
      rowBytes = Math.ceil((width * channels * depth) / 8);
      interlaced = data[12] === 1;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!ended || !width || !height || width > MAX_SIDE || height > MAX_SIDE || !idat.length) return null;
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: 512 * 1024 * 1024 });
  } catch {
    return null;
  }
  // Interlaced rows are split in passes; the total is at least the plain size minus the filter bytes.
  if (interlaced ? pixels.length < height * rowBytes : pixels.length !== height * (rowBytes + 1)) return null;
  return { format: 'png', data: b, width, height };
}

/** Walks the JPEG's segments from SOI to the scan and needs a frame header with a size and an EOI. */
function checkJpeg(b: Buffer): TPhoto | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  let width = 0;
  let height = 0;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      height = b.readUInt16BE(at + 5);
      width = b.readUInt16BE(at + 7);
    }
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    at += 2 + length;
  }
  const endsWithEoi = b.length >= 2 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
  if (!width || !height || width > MAX_SIDE || height > MAX_SIDE || !endsWithEoi) return null;
  return { format: 'jpg', data: b, width, height };
}

/** The photo when it is a readable JPG or PNG, null otherwise. */
export function readablePhoto(bytes: Uint8Array): TPhoto | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return checkPng(b) ?? checkJpeg(b);
  } catch {
    return null;
  }
}
