// A screen with unsaved input holds the ways out that no click handler sees (issue 18 item 4):
// the browser's Back and Forward, and the app's own programmatic leaving (sign-out). One screen at
// a time registers a hold (the application wizard's unsaved-changes guard).
//
// WHY the popstate listener is installed here, before the router, and not by the screen: Chromium
// runs the listeners of an event fired straight at `window` (popstate) in the order they were
// added, whether capturing or not, so BrowserRouter's listener (added when the app mounts) ran
// before a capture-phase listener the wizard added later. React 19 renders an update made during a
// popstate synchronously (`shouldAttemptEagerTransition`), so the router's listener unmounted the
// wizard inside that same dispatch; the unmount's effect cleanup removed the wizard's listener
// before it ran. Back left without a prompt, and the unsaved input (the frame's state, and up to
// 3 s of typing the draft autosave had not sent yet) went with the wizard. jsdom orders capture
// listeners first, which is why the web test passed. A listener added before the router's runs
// first in every browser, and stops the router's when a hold keeps the page.

/**
 * A hold on the browser's Back/Forward: called with the address the history moved to, before the
 * router hears of it; true keeps the screen (the hold has put its own address back and asks).
 */
export type TPopHold = (to: string, state: unknown) => boolean;
/** Asks before a programmatic leave (sign-out): resolves true to go on. */
export type TLeaveAsk = () => Promise<boolean>;

let popHold: TPopHold | null = null;
let leaveAsk: TLeaveAsk | null = null;
let installedOn: Window | null = null;

function onPopState(event: PopStateEvent) {
  const { pathname, search, hash } = window.location;
  if (popHold?.(`${pathname}${search}${hash}`, window.history.state)) event.stopImmediatePropagation();
}

/**
 * Adds the one popstate listener. Call it before the router mounts (app.tsx does, at import), so
 * that it is the window's first popstate listener. Idempotent.
 */
export function installNavigationHold(target: Window = window) {
  if (installedOn === target) return;
  installedOn?.removeEventListener('popstate', onPopState, true);
  installedOn = target;
  target.addEventListener('popstate', onPopState, true);
}

/** Registers the screen's hold; returns its release. */
export function holdNavigation(hold: { pop: TPopHold; ask: TLeaveAsk }): () => void {
  popHold = hold.pop;
  leaveAsk = hold.ask;
  return () => {
    if (popHold === hold.pop) popHold = null;
    if (leaveAsk === hold.ask) leaveAsk = null;
  };
}

/** Before a programmatic leave (sign-out): true when nothing holds the page or the user chose Leave. */
export function confirmLeave(): Promise<boolean> {
  return leaveAsk ? leaveAsk() : Promise.resolve(true);
}
