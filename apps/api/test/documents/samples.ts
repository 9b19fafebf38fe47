import zlib from 'node:zlib';

// Small but real files of each accepted kind, built from bytes (no fixtures, no libraries); the
// API tests and the browser tests (e2e) upload these.

/**
 * A one-page PDF with a correct cross-reference table; with `size`, padded by a stream to about
 * that many bytes (uploads that take real room: the drills).
 */
export function pdfFile(size?: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  if (size !== undefined) {
    const padding = 'x'.repeat(Math.max(0, size - 400));
    objects.push(`<< /Length ${padding.length} >>\nstream\n${padding}\nendstream`);
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A 1x1 red PNG: signature, IHDR, a zlib IDAT, IEND, each with its CRC. */
export function pngFile(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: number[]) => [
  0xff,
  marker,
  (data.length + 2) >> 8,
  (data.length + 2) & 0xff,
  ...data,
];

/**
 * An 8x8 grey baseline JPEG: JFIF, a quantisation table, the frame, one-code DC and AC Huffman
 * tables, the scan (DC difference 0, then end-of-block) and EOI.
 */
export function jpegFile(): Buffer {
  const oneCode = (tableClass: number) => [tableClass, 1, ...new Array(15).fill(0), 0];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCode(0x00)),
    ...segment(0xc4, oneCode(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 0x3f, 0]),
    0x3f, // bits 0 (DC category 0) and 0 (EOB), padded with ones
    0xff,
    0xd9,
  ]);
}

/**
 * A Word 97 (.doc) container: an OLE2 compound file with its header, one FAT sector and one
 * directory sector holding the root entry and an empty WordDocument stream. `stream` names that
 * stream otherwise (an Excel file's is 'Workbook'); `major` sets the header's version; `entry` puts
 * the stream at that directory entry (4 to 7: in a second directory sector, reached through the FAT).
 */
export function docFile({ stream = 'WordDocument', major = 3, entry: at = 1 } = {}): Buffer {
  const dirSectors = at >= 4 ? 2 : 1;
  const ENDOFCHAIN = 0xfffffffe;
  const FREESECT = 0xffffffff;
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(major, 26); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(0x1000, 56); // mini stream cutoff
  header.writeUInt32LE(ENDOFCHAIN, 60); // no mini FAT
  header.writeUInt32LE(ENDOFCHAIN, 68); // no DIFAT sectors
  header.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  for (let off = 80; off < 512; off += 4) header.writeUInt32LE(FREESECT, off);

  const fat = Buffer.alloc(512);
  for (let off = 0; off < 512; off += 4) fat.writeUInt32LE(FREESECT, off);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 is the FAT
  if (dirSectors === 2) fat.writeUInt32LE(2, 4); // the directory goes on in sector 2
  fat.writeUInt32LE(ENDOFCHAIN, dirSectors * 4); // and ends there

  const dir = Buffer.alloc(512 * dirSectors);
  const entry = (i: number, name: string, type: number, child: number) => {
    const at = i * 128;
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(dir, at);
    dir.writeUInt16LE(n.length, at + 64);
    dir[at + 66] = type; // 5 root, 2 stream
    dir[at + 67] = 1; // black
    dir.writeUInt32LE(FREESECT, at + 68); // left sibling
    dir.writeUInt32LE(FREESECT, at + 72); // right sibling
    dir.writeUInt32LE(child, at + 76);
    dir.writeUInt32LE(ENDOFCHAIN, at + 116); // start sector
  };
  entry(0, 'Root Entry', 5, at);
  entry(at, stream, 2, FREESECT);
  for (let i = 1; i < dirSectors * 4; i++) {
    if (i === at) continue;
    dir.writeUInt32LE(FREESECT, i * 128 + 68);
    dir.writeUInt32LE(FREESECT, i * 128 + 72);
    dir.writeUInt32LE(FREESECT, i * 128 + 76);
  }
  return Buffer.concat([header, fat, dir]);
}

/**
 * A minimal zip writer: stored or deflated entries, local headers, central directory, end record.
 * `declared` overrides the uncompressed size written in both headers (a zip that lies about it).
 */
export function zipFile(
  entries: { name: string; data: Buffer; deflate?: boolean; declared?: number }[],
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflate ? zlib.deflateRawSync(e.data) : e.data;
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(e.declared ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(e.declared ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);

/** The three parts every Word document has. */
export const docxParts = () => [
  {
    name: '[Content_Types].xml',
    data: xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
  },
  {
    name: '_rels/.rels',
    data: xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    deflate: true,
  },
  {
    name: 'word/document.xml',
    data: xml(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:body><w:p><w:r><w:t>Resume</w:t></w:r></w:p></w:body></w:document>',
    ),
    deflate: true,
  },
];

export const docxFile = () => zipFile(docxParts());
