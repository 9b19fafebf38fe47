/**
 * Where to send the browser after sign-in: a path on our own origin, or `/`. Only a single
 * leading `/` is accepted: `//host` and `/\host` are read by browsers as other hosts, and a
 * scheme (`https:`, `javascript:`) is never a path, not even a full URL of our own.
 *
 * The raw text is not enough: the URL parser collapses dot segments (`/..//evil`, `/%2e%2e//evil`)
 * into `//evil`. So the value is resolved against the public origin, must stay on it, and only the
 * normalised path is returned, which is then checked once more the way a browser would read it.
 */
export function safeReturnUrl(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes let some parsers see a different URL than we checked.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const origin = new URL(publicUrl).origin;
    const url = new URL(value, origin);
    if (url.origin !== origin) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
    if (new URL(path, origin).origin !== origin) return '/';
    return path;
  } catch {
    return '/';
  }
}
