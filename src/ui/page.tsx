import type { ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

export interface PageProps {
  children?: ReactNode;
  /** 850 px instead of 800 px (spec §9: some pages). */
  wide?: boolean;
  className?: string;
  /** Accessible name of the main landmark (defaults to none; the page's h1 labels it). */
  label?: string;
}

/** The `<main>` landmark of a page: centred, max 800 px (850 px wide), padded for phones. */
export function Page({ children, wide = false, className, label }: PageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      aria-label={label}
      className={cx(
        css({ width: '100%', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '5', md: '8' }, flex: '1', outline: 'none' }),
        wide ? css({ maxWidth: 'pageWide' }) : css({ maxWidth: 'page' }),
        className,
      )}
    >
      {children}
    </main>
  );
}

/** Page heading (h1) in the product style. */
export function PageTitle({ children, className }: { children?: ReactNode; className?: string }) {
  return <h1 className={cx(css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700', lineHeight: '1.2', mb: '5', color: 'ink' }), className)}>{children}</h1>;
}

/** A white card surface. */
export function Card({ children, className, as: As = 'section', label }: { children?: ReactNode; className?: string; as?: 'section' | 'div' | 'article'; label?: string }) {
  return (
    <As aria-label={label} className={cx(css({ bg: 'white', borderRadius: 'card', boxShadow: 'card', borderWidth: '1px', borderColor: 'line', p: { base: '4', md: '6' } }), className)}>
      {children}
    </As>
  );
}
