import { act, screen } from '@testing-library/react';
import { startTransition, use } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressCatchUp } from './address-catch-up';

// The app's first render runs as a transition (main.tsx), and BrowserRouter starts listening to the
// history only when that render commits. A move in between (a Back press, or a script's push,
// while a slow phone draws the first screen) changed the address but not the page: the router had
// read the address already. Seen in CI: the axe spec's first move left the dashboard showing
// under the Notifications address.

const host = document.createElement('div');
const root = { current: null as ReturnType<typeof createRoot> | null };

afterEach(() => {
  act(() => root.current?.unmount());
  window.history.replaceState(null, '', '/');
});

/** Holds the first render uncommitted until the test opens it (a slow first screen). */
function Gate({ open }: { open: Promise<void> }) {
  use(open);
  return null;
}

describe('a history move during the first render (AddressCatchUp)', () => {
  it('the page follows an address that moved before the router listened', async () => {
    window.history.replaceState(null, '', '/first');
    root.current = createRoot(host);
    document.body.append(host);
    // As main.tsx: a transition render that yields before it commits; the move lands meanwhile.
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    let letThrough = () => {};
    const open = new Promise<void>((resolve) => (letThrough = resolve));
    try {
      startTransition(() =>
        root.current?.render(
          <BrowserRouter>
            <Routes>
              <Route path="/first" element={<h1>First</h1>} />
              <Route path="/second" element={<h1>Second</h1>} />
            </Routes>
            <Gate open={open} />
            <AddressCatchUp />
          </BrowserRouter>,
        ),
      );
      // The router has read '/first' and the render waits, uncommitted: the move lands now.
      await new Promise((resolve) => setTimeout(resolve, 0));
      window.history.pushState(null, '', '/second');
      window.dispatchEvent(new PopStateEvent('popstate'));
      letThrough();
      expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'First' })).toBeNull();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });
});
