import { vi } from 'vitest';

// lib/upload.ts sends files with XMLHttpRequest (for its upload progress), which jsdom would send
// to a real network. This stand-in hands the request to the fake `fetch` of fake-api.ts, so the
// same handlers answer and `apiCalls` records it; it reports half of the body as sent at once and
// the rest when the handler answers, so a test can look at the progress bar meanwhile.

type TProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

class FakeXMLHttpRequest {
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload: { onprogress: ((event: TProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private responseHeaders = new Headers();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders.get(name);
  }
  send(body: FormData) {
    queueMicrotask(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 }));
    Promise.resolve(fetch(this.url, { method: this.method, body, headers: this.headers })).then(
      async (response) => {
        this.status = response.status;
        this.responseHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

/** Replaces XMLHttpRequest with the stand-in (vitest's unstubAllGlobals puts it back). */
export function fakeUploads() {
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
}
