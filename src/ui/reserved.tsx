/**
 * No layout shift — the shared parts. THE RULE for every screen:
 *
 * 1. A loading state occupies the space of what it becomes: `Skeleton` blocks of the FINAL size (a tile skeleton is a
 *    tile, a table skeleton has the table's row height), inside a `LoadingRegion` that announces the loading text to
 *    screen readers. `Spinner` is for small busy states inside a control (a submitting button), never a page
 *    placeholder: a 120 px spinner swapped for a 600 px page moves everything below it.
 * 2. Content that arrives later and sits ABOVE what the user reads (announcements, the change-location bar) is either
 *    known before the content below is shown — `Settled` keeps the content below invisible (still laid out and loading)
 *    until those parts settle, or at most `maxWaitMs` — or it is rendered where it pushes nothing (an overlay).
 * 3. A list reserves the height of all its rows from the first paint (`DataTable` does: fixed row heights).
 *
 * Layout shift is measured on what is VISIBLE: content laid out under `visibility: hidden` that later becomes visible
 * in place does not count, content that moves after it was painted does.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

const shimmer = css({
  display: 'block', bg: '#e8edf3', borderRadius: 'control', position: 'relative', overflow: 'hidden',
  // A pulse of opacity, which the compositor animates on its own; a moving gradient (background-position) would have the
  // main thread repaint every skeleton on every frame while the page loads.
  '@media (prefers-reduced-motion: no-preference)': { animation: 'skeleton 1.4s ease-in-out infinite' },
});

export interface SkeletonProps {
  /** CSS width (number = px); default 100%. */
  width?: number | string;
  /** CSS height (number = px): the final height of what it stands for. */
  height: number | string;
  radius?: string;
  className?: string;
  style?: CSSProperties;
}

/** A grey block of the final size of something that is loading; hidden from assistive technology. */
export function Skeleton({ width = '100%', height, radius, className, style }: SkeletonProps) {
  return <span aria-hidden="true" data-skeleton="" className={cx(shimmer, className)} style={{ width, height, borderRadius: radius, ...style }} />;
}

/** Wraps skeletons: `role="status"` with the loading text for screen readers, `aria-busy` while it shows. */
export function LoadingRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className={css({ srOnly: true })}>{label}</span>
      {children}
    </div>
  );
}

/**
 * True once `ready` has been true, or once `maxWaitMs` passed since mount (whichever first); `late` tells that the
 * wait ran out before `ready` (the parts not ready by then must render where they push nothing).
 */
export function useSettled(ready: boolean, maxWaitMs = 1500): { visible: boolean; late: boolean } {
  const [late, setLate] = useState(false);
  // Latched once `ready` has been committed true — in a ref, not in state: a state update from the effect re-rendered the
  // whole page below (at once, not as a transition: one long task on a slow phone) only to show what it already showed.
  const wasReady = useRef(ready);
  useEffect(() => {
    if (ready) wasReady.current = true;
    if (ready || wasReady.current || late) return;
    const timer = setTimeout(() => setLate(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [ready, maxWaitMs, late]);
  // Once late, late for good: what was not ready by then keeps rendering where it pushes nothing. The ref only ever goes
  // from false to true, so any render may read it.
  if (late) return { visible: true, late: true };
  return { visible: ready || wasReady.current, late: false };
}

/**
 * Lays its children out but keeps them invisible (and `aria-busy`) until `visible`: parts above them can still
 * appear without moving anything the user has seen. Children keep loading meanwhile.
 */
export function Settled({ visible, children, className }: { visible: boolean; children: ReactNode; className?: string }) {
  return (
    <div className={className} style={visible ? undefined : { visibility: 'hidden' }} aria-busy={visible ? undefined : true} data-settled={visible ? '' : undefined}>
      {children}
    </div>
  );
}
