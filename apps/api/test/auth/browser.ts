/**
 * A small stand-in for a browser: a cookie jar (name, path, expiry, HttpOnly does not matter to
 * it), manual redirect following, and form submission with the Origin header browsers send.
 * Only what our own origin needs: one host, no domains.
 */
type TCookie = { name: string; value: string; path: string; expires: number };

export class Browser {
  private cookies: TCookie[] = [];
  /** Referrer-Policy of the page last navigated to: it decides the Origin its forms send. */
  private pageReferrerPolicy: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** The value of a cookie visible at `path`. */
  cookie(name: string, path = '/'): string | undefined {
    return this.visible(path).find((c) => c.name === name)?.value;
  }

  cookieHeader(path = '/'): string {
    return this.visible(path)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  setCookie(name: string, value: string, path = '/') {
    this.store({ name, value, path, expires: Number.POSITIVE_INFINITY });
  }

  private visible(path: string) {
    const now = Date.now();
    this.cookies = this.cookies.filter((c) => c.expires > now);
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length);
  }

  private store(cookie: TCookie) {
    this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.path === cookie.path));
    if (cookie.expires > Date.now()) this.cookies.push(cookie);
  }

  private remember(res: Response, requestPath: string) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const cookie: TCookie = {
        name: pair!.slice(0, eq),
        value: pair!.slice(eq + 1),
        path: requestPath.replace(/\/[^/]*$/, '') || '/',
        expires: Number.POSITIVE_INFINITY,
      };
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k!.toLowerCase();
        if (key === 'path') cookie.path = v || '/';
        if (key === 'max-age') cookie.expires = Date.now() + Number(v) * 1000;
        if (key === 'expires' && cookie.expires === Number.POSITIVE_INFINITY) cookie.expires = Date.parse(v);
      }
      this.store(cookie);
    }
  }

  /** One request, no redirect following. `path` may be absolute on our origin. */
  async request(
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    if (url.origin !== new URL(this.baseUrl).origin) throw new Error(`left our origin: ${url.href}`);
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url.pathname);
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = url.origin;
    const res = await fetch(url, { method, body: init.body, headers, redirect: 'manual' });
    this.remember(res, url.pathname);
    return res;
  }

  /**
   * Follows redirects while they stay on our API (the SPA's pages are not served in these tests);
   * returns the last response and, when it redirects elsewhere, where to.
   */
  async navigate(
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
    stopBefore: (path: string) => boolean = () => false,
  ): Promise<{ res: Response; url: string; location: string | null }> {
    let url = path;
    let res = await this.request(url, init);
    for (let hops = 0; hops < 15; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        this.pageReferrerPolicy = res.headers.get('referrer-policy');
        return { res, url, location: null };
      }
      const next = new URL(location, new URL(url, this.baseUrl));
      const nextPath = `${next.pathname}${next.search}`;
      if (next.origin !== new URL(this.baseUrl).origin || !next.pathname.startsWith('/api/')) {
        return { res, url, location };
      }
      if (stopBefore(nextPath)) return { res, url, location: nextPath };
      url = nextPath;
      await res.arrayBuffer();
      res = await this.request(url);
    }
    throw new Error('too many redirects');
  }

  /**
   * Submits a form of the current page: fields are sent urlencoded to `action`, then redirects are
   * followed. Like Chromium, a page under `Referrer-Policy: no-referrer` posts with `Origin: null`.
   */
  submit(action: string, fields: Record<string, string>, stopBefore?: (path: string) => boolean) {
    const origin = this.pageReferrerPolicy === 'no-referrer' ? 'null' : new URL(this.baseUrl).origin;
    return this.navigate(
      action,
      {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      },
      stopBefore,
    );
  }
}

/** The forms of an HTML page with their action and named submit buttons / inputs (enough for our pages). */
export function readForms(html: string) {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  return forms.map(([, attrs, inner]) => ({
    method: /method="([^"]*)"/.exec(attrs!)?.[1] ?? 'get',
    action: decodeEntities(/action="([^"]*)"/.exec(attrs!)?.[1] ?? ''),
    buttons: [...inner!.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].map(([, a, text]) => ({
      name: /name="([^"]*)"/.exec(a!)?.[1],
      value: decodeEntities(/value="([^"]*)"/.exec(a!)?.[1] ?? ''),
      text: decodeEntities(text!.trim()),
    })),
    inputs: [...inner!.matchAll(/<input\b([^>]*)>/g)].map(([, a]) => ({
      id: /id="([^"]*)"/.exec(a!)?.[1],
      name: /name="([^"]*)"/.exec(a!)?.[1],
      type: /type="([^"]*)"/.exec(a!)?.[1],
    })),
    labels: [...inner!.matchAll(/<label\b[^>]*for="([^"]*)"[^>]*>([\s\S]*?)<\/label>/g)].map(([, f, t]) => ({
      for: f,
      text: t!.trim(),
    })),
  }));
}

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
