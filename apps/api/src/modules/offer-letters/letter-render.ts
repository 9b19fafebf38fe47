import {
  Document,
  type DocumentProps,
  Page,
  renderToBuffer,
  StyleSheet,
  Text,
  View,
} from '@react-pdf/renderer';
import type { TAppLanguage } from '@uniapply/shared';
import { createElement as h, type ReactElement } from 'react';

// The offer letter as react-pdf elements (issue 22 item 3): the filled template's paragraphs (split
// on blank lines, a paragraph's own line breaks kept) on A4 pages. Runs inside a PDF worker thread
// of the app's one pool (application-forms/pdf-worker.ts), which registers the fonts first.

/** Registered by the PDF worker (application-forms/pdf-render.ts): Latin, Cyrillic and U+02BB. */
const FONT_FAMILY = 'DejaVu Sans';

/** What a worker needs to render one letter: plain data, cloned into the worker. */
export type TLetterPdfInput = {
  kind: 'offerLetter';
  language: TAppLanguage;
  /** The template filled with the application's values (plain text). */
  text: string;
  /** The document's title (its properties, and the footer). */
  title: string;
};

const s = StyleSheet.create({
  page: {
    fontFamily: FONT_FAMILY,
    fontSize: 11,
    lineHeight: 1.45,
    color: '#1f2933',
    padding: 56,
    paddingBottom: 64,
  },
  heading: { fontSize: 15, fontWeight: 'bold', color: '#1d3a5f', marginBottom: 14 },
  paragraph: { marginBottom: 10 },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 56,
    right: 56,
    fontSize: 8,
    color: '#7b8794',
    textAlign: 'right',
  },
});

/** The paragraphs of a filled letter: blank lines separate them; blank edges are dropped. */
export const letterParagraphs = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');

export function letterDocument(input: TLetterPdfInput): ReactElement<DocumentProps> {
  const [first = '', ...rest] = letterParagraphs(input.text);
  // A first paragraph of one short line is the letter's heading.
  const heading = !first.includes('\n') && first.length <= 80;
  const body = heading ? rest : [first, ...rest];
  return h<DocumentProps>(
    Document,
    { title: input.title, language: input.language, creator: 'UniApply', producer: 'UniApply' },
    h(
      Page,
      { size: 'A4', style: s.page },
      heading ? h(Text, { style: s.heading }, first) : null,
      ...body.map((p, i) => h(View, { key: i, style: s.paragraph, wrap: true }, h(Text, null, p))),
      h(Text, {
        style: s.footer,
        fixed: true,
        render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
          totalPages > 1 ? `${pageNumber} / ${totalPages}` : '',
      }),
    ),
  );
}

/** Renders in the worker (after the worker's fonts are ready). */
export async function renderOfferLetter(input: TLetterPdfInput): Promise<Uint8Array> {
  return new Uint8Array(await renderToBuffer(letterDocument(input)));
}
