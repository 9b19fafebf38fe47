import { createRequire } from 'node:module';
import path from 'node:path';
import { Font, renderToBuffer } from '@react-pdf/renderer';
import { applicationDocument, FONT_FAMILY } from './pdf-document.js';
import type { TPdfInput } from './pdf-input.js';
import { readablePhoto } from './photo-check.js';

// Runs inside a PDF worker thread (pdf-worker.mjs), never on the API's main thread.

// DejaVu Sans covers Latin, Cyrillic and U+02BB (the Uzbek oʻ, gʻ) from the npm package, never a
// CDN; a font missing a glyph would draw an empty box where the student's name should be.
const fontDir = path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
Font.register({
  family: FONT_FAMILY,
  fonts: [
    { src: path.join(fontDir, 'DejaVuSans.ttf') },
    { src: path.join(fontDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
  ],
});
// Names and addresses are never hyphenated (a split "Oʻrin-boyev" would no longer be the name).
Font.registerHyphenationCallback((word) => [word]);

type TGlyph = { codePoints: number[] };
type TFontkitFont = { getGlyph(id: number, characters?: number[]): TGlyph | null };

/**
 * fontkit caches a glyph with the code points of its first request. A composite glyph (DejaVu's
 * Cyrillic 'р' is drawn from the Latin 'p') asks for its parts without any, so a Latin 'p' drawn
 * later in the same worker maps to no text: the page shows it, but copying, search, pdftotext and
 * screen readers lose it ("Working Ex erience" after a form with a Cyrillic name). A later request
 * that names its code points fills them in. Once per worker, before the first render.
 */
let codePointsKept: Promise<void> | undefined;
/** The fonts loaded and their glyphs' code points kept (see above); every render awaits it first. */
export function fontsReady(): Promise<void> {
  codePointsKept ??= (async () => {
    await Font.load({ fontFamily: FONT_FAMILY });
    const font = Font.getFont({ fontFamily: FONT_FAMILY }) as unknown as { data: TFontkitFont };
    const fontkitFont = Object.getPrototypeOf(font.data) as TFontkitFont;
    const getGlyph = fontkitFont.getGlyph;
    fontkitFont.getGlyph = function (this: TFontkitFont, id, characters = []) {
      const glyph = getGlyph.call(this, id, characters);
      if (glyph && characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
      return glyph;
    };
  })();
  return codePointsKept;
}

/** A copy in its own ArrayBuffer, so it can be transferred to the main thread. */
const own = (buffer: Buffer) => new Uint8Array(buffer);

export async function renderApplicationPdf(input: TPdfInput): Promise<Uint8Array> {
  await fontsReady();
  const photo = input.photo ? readablePhoto(input.photo) : null;
  const note = input.photo === null ? 'missing' : photo ? undefined : 'unreadable';
  try {
    return own(await renderToBuffer(applicationDocument(input, photo, note)));
  } catch (err) {
    // An image that passed the checks but still fails to embed: the form goes out without it.
    if (!photo) throw err;
    return own(await renderToBuffer(applicationDocument(input, null, 'unreadable')));
  }
}
