import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { holdNavigation } from '../../lib/navigation-hold';
import { WIZARD_NAMESPACES } from './step-fields';

/** The in-app address a click on `target` would open, or null (another site, a new tab, a download). */
function inAppHref(target: EventTarget | null, event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const next = `${url.pathname}${url.search}`;
  // An in-page anchor (the error summary's link, the skip link) is not leaving.
  return next === `${window.location.pathname}${window.location.search}` ? null : next;
}

/**
 * Where a held navigation goes: a link's address, or a Back/Forward's (`popped`), then `back` is
 * how many entries Back went (BrowserRouter numbers its entries `idx`), 0 when unknown or Forward;
 * or a programmatic leave (sign-out) waiting for the answer (`answer`).
 */
type TPending = { to: string; popped: boolean; back: number; answer?: (leave: boolean) => void };

function entryIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Leaving with unsaved changes asks first (docs/decisions.md, 2026-11-22 wizard; issue 18 item 4):
 * the browser's beforeunload for reloads and closing the tab, a capture-phase click listener for
 * the app's own links (sidebar, header), which runs before react-router's Link handler, a hold on
 * the browser's Back/Forward through lib/navigation-hold.ts (whose listener runs before
 * BrowserRouter's: see WHY there; it puts the wizard's address back as a new entry), and the same
 * hold's question before sign-out. `isHere(address)`: the address is still this screen (another
 * `?step=` of the same wizard), so moving there is not leaving. react-router's useBlocker would
 * need the data router, which the landing page's size budget rules out. Returns the dialog.
 */
export function useUnsavedChangesGuard(dirty: boolean, isHere: (address: string) => boolean) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<TPending | null>(null);
  // The wizard's own history entry (address and the router's state), to put back after a Back.
  const here = useRef({ url: '', state: null as unknown });
  const leaving = useRef(false);
  const isHereRef = useRef(isHere);
  isHereRef.current = isHere;
  useEffect(() => {
    here.current = {
      url: `${location.pathname}${location.search}${location.hash}`,
      state: window.history.state,
    };
    leaving.current = false;
  }, [location]);

  useLeaveListeners(dirty, { isHere: isHereRef, here, leaving }, setPending);

  const stay = () => {
    pending?.answer?.(false);
    setPending(null);
  };
  const leave = () => {
    const next = pending;
    setPending(null);
    if (!next) return;
    if (next.answer) {
      next.answer(true);
    } else if (next.back > 0) {
      // Back again to the entry the Back landed on, so the history stays as the user left it.
      leaving.current = true;
      navigate(-next.back);
    } else {
      navigate(next.to, { replace: next.popped });
    }
  };

  return (
    <Modal opened={pending !== null} onClose={stay} title={t('wizardForm:unsaved.title')} size="sm">
      <Text size="sm">{t('wizardForm:unsaved.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={stay}>
          {t('wizardForm:unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('wizardForm:unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}

/** While `dirty`: beforeunload, the capture-phase link clicks, and the Back/Forward and sign-out hold. */
function useLeaveListeners(
  dirty: boolean,
  refs: {
    isHere: { current: (address: string) => boolean };
    here: { current: { url: string; state: unknown } };
    leaving: { current: boolean };
  },
  setPending: (pending: TPending) => void,
) {
  const { isHere: isHereRef, here, leaving } = refs;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are read when the events fire; setPending is a state setter.
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const next = inAppHref(event.target, event);
      if (next === null || isHereRef.current(next)) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to: next, popped: false, back: 0 });
    };
    const pop = (next: string, state: unknown) => {
      // Another step of this wizard is not leaving (the frame follows the address); Leave's own
      // Back (below) goes through.
      if (isHereRef.current(next) || leaving.current) return false;
      const from = entryIndex(here.current.state);
      const to = entryIndex(state);
      // Pushing the wizard's address back drops only the entries after the one Back landed on.
      window.history.pushState(here.current.state, '', here.current.url);
      setPending({ to: next, popped: true, back: from !== null && to !== null && to < from ? from - to : 0 });
      return true;
    };
    const ask = () =>
      new Promise<boolean>((resolve) => setPending({ to: '', popped: false, back: 0, answer: resolve }));
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    const release = holdNavigation({ pop, ask });
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      release();
    };
  }, [dirty]);
}
