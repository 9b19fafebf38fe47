import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jpegFile, pdfFile, pngFile } from '../../../test/documents/samples.js';
import { readablePhoto } from './photo-check.js';

describe('readablePhoto', () => {
  it('takes a whole PNG and JPEG with their sizes', () => {
    expect(readablePhoto(pngFile())).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(readablePhoto(jpegFile())).toMatchObject({ format: 'jpg', width: 8, height: 8 });
  });

  it('refuses a PDF, a truncated JPEG or PNG, a bad chunk CRC and image data of the wrong size', () => {
    const png = pngFile();
    const badCrc = Buffer.from(png);
    badCrc[30] = (badCrc[30] ?? 0) ^ 0xff; // inside IDAT
    const jpeg = jpegFile();
    expect(readablePhoto(pdfFile())).toBeNull();
    expect(readablePhoto(jpeg.subarray(0, 60))).toBeNull();
    expect(readablePhoto(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(readablePhoto(png.subarray(0, png.length - 12))).toBeNull();
    expect(readablePhoto(badCrc)).toBeNull();
    expect(readablePhoto(Buffer.alloc(0))).toBeNull();
    // A PNG whose pixel data is a row short (every chunk well-formed).
    const ihdrEnd = 8 + 12 + 13;
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(typed));
      return Buffer.concat([len, typed, crc]);
    };
    const ihdr = Buffer.from(png.subarray(16, 29));
    ihdr.writeUInt32BE(2, 4); // two rows declared, one given
    const short = Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), png.subarray(ihdrEnd, png.length)]);
    expect(readablePhoto(short)).toBeNull();
  });
});
