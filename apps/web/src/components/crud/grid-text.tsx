import { Fragment, type ReactNode } from 'react';
import classes from './crud.module.css';
import { displayValue } from './display-value';

// A grid cell's text (issue 20 item 5). A value of one long word (an e-mail, a phone number, a web
// address) is shown whole, with line breaks offered at the places a reader expects: after the @,
// the dots and slashes of an e-mail or address, between the digit groups of a phone number.
// Other text stays two lines at most, its whole text in a title tooltip.

const EMAIL_OR_ADDRESS = /^[^\s@]+@[^\s@]+$|^(https?:\/\/|www\.)\S+$/i;
const PHONE = /^\+?[\d\s()-]{7,}$/;

/** `pieces` (which make up the text) with a <wbr> between each two. */
function withBreaks(pieces: string[]): ReactNode {
  return pieces.map((piece, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, in order
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}

/** An e-mail or web address cut after each run of @, dots and slashes. */
const addressPieces = (text: string) => text.match(/[^@./]*[@./]+|[^@./]+$/g) ?? [text];

/** A phone number's digit runs cut in threes (a leading + stays with the first). */
const phonePieces = (text: string) =>
  (text.match(/\+?\d+|\D+/g) ?? [text]).flatMap((run) =>
    /\d{5,}/.test(run) ? (run.match(/^\+?\d{1,3}|\d{1,3}/g) ?? [run]) : [run],
  );

/** The break points of a one-word value, or null for ordinary text. */
function breakable(text: string): ReactNode | null {
  const pieces = EMAIL_OR_ADDRESS.test(text)
    ? addressPieces(text)
    : PHONE.test(text)
      ? phonePieces(text)
      : null;
  // Only pieces that make up the text exactly (nothing lost, nothing doubled).
  return pieces && pieces.join('') === text ? withBreaks(pieces) : null;
}

/** A details value: a one-word value with its sensible breaks, anything else as it is shown. */
export function breakableValue(value: unknown): ReactNode {
  const shown = displayValue(value);
  return typeof shown === 'string' ? (breakable(shown) ?? shown) : shown;
}

/** One cell's value: a one-word value whole with sensible breaks, other text clamped to two lines. */
export function GridText({ value }: { value: unknown }) {
  const shown = displayValue(value);
  if (typeof shown !== 'string' && typeof shown !== 'number')
    return <span className={classes.cell}>{shown}</span>;
  const text = String(shown);
  const broken = breakable(text);
  if (broken) return <span className={classes.word}>{broken}</span>;
  return (
    <span className={classes.cell} title={text}>
      {text}
    </span>
  );
}
