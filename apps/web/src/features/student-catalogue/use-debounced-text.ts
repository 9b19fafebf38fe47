import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

export const TYPING_DELAY_MS = 350;

/**
 * A text box bound to a value kept elsewhere (the address): typing updates the box at once and
 * commits after a pause; a change that comes from elsewhere (the menu link, the back button,
 * "Clear filters") replaces the box's text, but our own commits never do, so a slow answer cannot
 * eat characters typed meanwhile.
 */
export function useDebouncedText(committed: string, commit: (value: string) => void) {
  const [text, setText] = useState(committed);
  const lastCommitted = useRef(committed);
  const debounced = useDebouncedCallback((value: string) => {
    lastCommitted.current = value.trim();
    commit(value);
  }, TYPING_DELAY_MS);

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    debounced.cancel();
    lastCommitted.current = committed;
    setText(committed);
  }, [committed, debounced]);

  const change = (value: string) => {
    setText(value);
    debounced(value);
  };
  // Looked up at call time: each debounced call installs a new flush.
  return { text, change, flush: () => debounced.flush() };
}
