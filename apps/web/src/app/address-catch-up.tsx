import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Replays a history move the router missed. BrowserRouter reads the address when it first renders
 * but listens to the history only once that render commits, and the app's first render runs as a
 * transition (main.tsx) that yields to the browser: a Back press or a script's move in between
 * changed the address but not the page. Once mounted (a passive effect runs after the router's
 * layout effect has subscribed), a page that differs from the address hears the popstate again.
 */
export function AddressCatchUp() {
  const { pathname, search, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit only.
  useEffect(() => {
    const here = window.location;
    if (here.pathname !== pathname || here.search !== search || here.hash !== hash)
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, []);
  return null;
}
