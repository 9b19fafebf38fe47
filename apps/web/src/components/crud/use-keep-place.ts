import { PAGE_SIZE, type TFilter } from '@uniapply/shared';
import { useEffect, useState } from 'react';
import { resources } from '../../lib/resources';

// Issue 20 item 4 (docs/decisions.md "Grids keep your place after a save"): after a save the
// filter stays; a saved row the filter shows is opened on its page and selected, one it hides
// leaves the list on page 1 with a notice. The server places the row (positionOf: same filter,
// same order, same scope as the list), so the grid never guesses from the rows it happens to hold.

type TPlaceable = {
  base: string;
  filter: TFilter;
  show: (at: { page: number; id: number } | null) => void;
};

export function useKeepPlace({ base, filter, show }: TPlaceable, filterKey: string) {
  const [hidden, setHidden] = useState(false);
  // A new filter is a new list: the notice about the old one goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger, not a value read
  useEffect(() => setHidden(false), [filterKey]);

  const keepPlace = async (id: number | undefined) => {
    setHidden(false);
    if (!id) return show(null);
    try {
      const { page } = await resources.positionOf(base, { filter, pageSize: PAGE_SIZE, id });
      if (page === null) setHidden(true);
      show(page === null ? null : { page: page + 1, id });
    } catch {
      // Where it stands is unknown (an older API, a failure): the list's first page, as after a load.
      show(null);
    }
  };
  return { keepPlace, hidden, dismiss: () => setHidden(false) };
}
