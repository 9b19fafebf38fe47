import { PAGE_SIZE, type TFilter } from '@uniapply/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { resources } from '../../lib/resources';

// Issue 20 item 4 (docs/decisions.md "Grids keep your place after a save"): after a save the
// filter stays; a saved row the filter shows is opened on its page and selected, one it hides
// leaves the list on page 1 with a notice. The server places the row (positionOf: same filter,
// same order, same scope as the list), so the grid never guesses from the rows it happens to hold.

type TPlaceable = {
  base: string;
  filter: TFilter;
  show: (at: { page: number; id: number } | null) => void;
  /** The list's first answer is in (a saved row is placed after it, never racing it). */
  loaded: boolean;
};

export function useKeepPlace({ base, filter, show, loaded }: TPlaceable, filterKey: string) {
  const [hidden, setHidden] = useState(false);
  // The answer comes after renders that moved the address on: it is applied to the latest one.
  const showNow = useRef(show);
  showNow.current = show;
  // A new filter is a new list: the notice about the old one goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not a value read
  useEffect(() => setHidden(false), [filterKey]);

  const keepPlace = async (id: number | undefined) => {
    setHidden(false);
    if (!id) return showNow.current(null);
    try {
      const { page } = await resources.positionOf(base, { filter, pageSize: PAGE_SIZE, id });
      if (page === null) setHidden(true);
      showNow.current(page === null ? null : { page: page + 1, id });
    } catch {
      // Where it stands is unknown (an older API, a failure): the list's first page, as after a load.
      showNow.current(null);
    }
  };
  useSavedOnFormPage(keepPlace, loaded);
  return { keepPlace, hidden, dismiss: () => setHidden(false) };
}

/**
 * Back from a form page (form-page-return.ts) with the row it saved in the entry's state
 * (`crudSaved`): that row's place, once, after the list's first answer. The mark is read when the
 * screen opens and kept here, not in the entry: the first load's own first-row selection rewrites
 * the entry's state (use-crud-list.ts `update`) before the list is settled, which would drop the
 * mark before it is placed. Any address change drops it from the entry, so a reload does not
 * place it again.
 */
function useSavedOnFormPage(keepPlace: (id: number) => Promise<void>, loaded: boolean) {
  const { state } = useLocation();
  const mark = useRef<number | null>(savedMark(state));
  const latest = useRef(keepPlace);
  latest.current = keepPlace;
  useEffect(() => {
    if (mark.current === null || !loaded) return;
    const saved = mark.current;
    mark.current = null;
    void latest.current(saved);
  }, [loaded]);
}

function savedMark(state: unknown): number | null {
  const { crudSaved } = (state ?? {}) as { crudSaved?: unknown };
  return typeof crudSaved === 'number' && Number.isInteger(crudSaved) && crudSaved > 0 ? crudSaved : null;
}
