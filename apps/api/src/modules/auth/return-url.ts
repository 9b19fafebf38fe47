const BASE = 'http://portal.invalid';

/**
 * Where to send the browser after sign-in: a path on our own origin, or `/`. Only a single
 * leading `/` is accepted: `//host` and `/\host` are read by browsers as other hosts, and a
 * scheme (`https:`, `javascript:`) is never a path.
 */
export function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes let some parsers see a different URL than we checked.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
