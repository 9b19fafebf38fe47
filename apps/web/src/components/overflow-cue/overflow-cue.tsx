import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import classes from './overflow-cue.module.css';

// A row that scrolls sideways (the tabs of a record on a phone) shows that more lies beyond its
// edge (issue 20 item 5): a fade with a chevron on each side that has more, gone once scrolled to it.

type TEdges = { start: boolean; end: boolean };

/** Whether the element scrolls sideways past its start and its end, kept up to date. */
export function useOverflowEdges(ref: RefObject<HTMLElement | null>): TEdges {
  const [edges, setEdges] = useState<TEdges>({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}

/** Wraps a sideways scroller (`children`, measured through `scrollerRef`) with its edge cues. */
export function OverflowCue({
  scrollerRef,
  children,
}: {
  scrollerRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { start, end } = useOverflowEdges(scrollerRef);
  return (
    <div className={classes.frame}>
      {children}
      {start && (
        <span className={classes.start} data-testid="overflow-cue-start" aria-hidden>
          <IconChevronLeft size={18} />
        </span>
      )}
      {end && (
        <span className={classes.end} data-testid="overflow-cue-end" aria-hidden>
          <IconChevronRight size={18} />
        </span>
      )}
    </div>
  );
}
