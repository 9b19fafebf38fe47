import { withScheme } from '@uniapply/shared';

/** Attributes of a link that leaves the portal: a new tab that cannot reach back into ours. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An address fit for href: 'https://' added when missing (spec 2.4); null for blanks and non-web schemes. */
export function externalHref(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const href = withScheme(value);
  try {
    const url = new URL(href);
    // A stored "javascript:" or "data:" address must never become a link.
    return url.protocol === 'https:' || url.protocol === 'http:' ? href : null;
  } catch {
    return null;
  }
}

/** "www.um.edu.my" for showing a website without its scheme and path. */
export function hostOf(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return href;
  }
}

/** A dialable tel: address from a printed number ("+603-7967 7022" → "tel:+60379677022"). */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return /\d{5,}/.test(digits) ? `tel:${digits}` : null;
}

/**
 * The card's monogram: an acronym the name already has ("UCSI University" → "UCSI"), else up to
 * three capitals of its words ("Universiti Malaya" → "UM").
 */
export function initialsOf(name: string): string {
  const acronym = name.split(/\s+/).find((w) => /^\p{Lu}{2,4}$/u.test(w));
  if (acronym) return acronym;
  const words = name.split(/[\s-]+/).filter((w) => /^\p{Lu}/u.test(w));
  const letters = (words.length ? words : [name]).map((w) => w[0]?.toUpperCase() ?? '').join('');
  return letters.slice(0, 3);
}
