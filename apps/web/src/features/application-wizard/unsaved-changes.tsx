import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
 * Leaving with unsaved changes asks first (docs/decisions.md, 2026-11-22 wizard): the browser's
 * beforeunload for reloads and closing the tab, and a capture-phase click listener for the app's
 * own links (sidebar, header), which runs before react-router's Link handler. react-router's
 * useBlocker would need the data router, which the landing page's size budget rules out.
 * Returns the confirmation dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation(WIZARD_NAMESPACES);
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      const next = inAppHref(event.target, event);
      if (next === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(next);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);

  const leave = () => {
    const next = pending;
    setPending(null);
    if (next) navigate(next);
  };

  return (
    <Modal
      opened={pending !== null}
      onClose={() => setPending(null)}
      title={t('wizardForm:unsaved.title')}
      size="sm"
    >
      <Text size="sm">{t('wizardForm:unsaved.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setPending(null)}>
          {t('wizardForm:unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('wizardForm:unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
