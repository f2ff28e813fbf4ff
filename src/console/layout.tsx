/**
 * The console's page parts: a wider page than the customer's (work tables, desktop first, 375 px too), its panel and
 * heading, and loading placeholders of the final size. The console's own: the customer's `src/ui/page.tsx` and
 * `reserved.tsx` are bundled with the customer's token pages (the `token-shell` chunk, which starts the customer's
 * app), and the console loads none of the customer's frame.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

/** A page: `lead` (a back link) above its heading. */
export function ConsolePage({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={css({ width: '100%', maxWidth: '1200px', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '5', md: '8' }, outline: 'none' })}>
      {lead}
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700', lineHeight: '1.2', mb: '5', color: 'ink' })}>{title}</h1>
      {children}
    </main>
  );
}

/** A panel; `labelledBy` names it by its heading's id (a region a person can find by name). */
export function Panel({ children, className, labelledBy }: { children?: ReactNode; className?: string; labelledBy?: string }) {
  return <section aria-labelledby={labelledBy} className={cx(css({ bg: 'white', borderRadius: 'card', boxShadow: 'card', borderWidth: '1px', borderColor: 'line', p: { base: '4', md: '6' } }), className)}>{children}</section>;
}

const block = css({ display: 'block', bg: '#e8edf3', borderRadius: 'control', '@media (prefers-reduced-motion: no-preference)': { animation: 'skeleton 1.4s ease-in-out infinite' } });

/** Grey blocks of the final heights of what loads, announced once as `label` (role=status). */
export function Placeholder({ label, heights }: { label: string; heights: number[] }) {
  return (
    <div role="status" aria-busy="true">
      <span className={css({ srOnly: true })}>{label}</span>
      {heights.map((height, i) => (
        <span key={i} aria-hidden="true" data-skeleton="" className={cx(block, i > 0 ? css({ mt: '4' }) : undefined)} style={{ height }} />
      ))}
    </div>
  );
}

/**
 * Sections of a page that load at once and are shown in order: each once those above it have their first answer. A
 * section below a list still loading would be pushed down when that list comes (a layout shift); hidden, it loads
 * meanwhile. `settled` names the sections that have answered; each section reports with `useFirstAnswer`.
 */
export function useSectionsInOrder<Name extends string>(): { settled: ReadonlySet<Name>; onSettled: (name: Name) => void } {
  const [settled, setSettled] = useState<ReadonlySet<Name>>(() => new Set());
  const onSettled = useCallback((name: Name) => setSettled((before) => (before.has(name) ? before : new Set(before).add(name))), []);
  return { settled, onSettled };
}

/** Tells the page (useSectionsInOrder) once this section's first load has answered: its list, or its failure. */
export function useFirstAnswer<Name extends string>(loading: boolean, name: Name, onSettled: ((name: Name) => void) | undefined): void {
  useEffect(() => {
    if (!loading) onSettled?.(name);
  }, [loading, name, onSettled]);
}
