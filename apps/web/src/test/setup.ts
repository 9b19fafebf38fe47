import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { hubTransport } from '../features/notifications/hub-connection';
import { FakeHubSocket } from '../testing/fake-hub';

// jsdom has no layout engine. Mantine and mantine-datatable read matchMedia (the empty query must
// match) and observe sizes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// Mantine's autosizing Textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

// The admin area opens the notification hub: tests get a socket that never connects unless a test
// drives it (testing/fake-hub.ts), never a real connection attempt.
hubTransport.createSocket = async () => new FakeHubSocket();

// The web project runs its files in one jsdom per worker (vitest.config.ts, `isolate: false`): each
// file starts from what a new window would show, and leaves nothing a later file could meet.
window.history.replaceState(null, '', '/');
document.body.replaceChildren();
document.documentElement.removeAttribute('lang');
document.title = '';
const urlStatics = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

// Screens and their texts load lazily (separate chunks); on a busy two-core machine that takes a
// moment, so give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Cookies the app writes (the language and currency choices) start empty in each test too.
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Tests stub these on the URL class itself (jsdom has no blob URLs), which unstubbing does not undo.
  Object.assign(URL, urlStatics);
  // Mantine's notifications live in a module-level store, shared by the files of a worker.
  cleanNotifications();
});
