import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';

export interface Tile {
  label: string;
  to: string;
  icon: ReactNode;
  /** Highlighted state (AUTOPAY ON). */
  active?: boolean;
}

/** A titled panel of tiles (TOOLS, REPORTS). */
export function TilePanel({ id, title, tiles }: { id: string; title: string; tiles: Tile[] }) {
  return (
    <section aria-labelledby={id} className={css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card', p: { base: '4', md: '6' } })}>
      <h2 id={id} className={css({ fontSize: 'sm', fontWeight: '800', letterSpacing: '0.08em', color: 'muted', mb: '4' })}>{title}</h2>
      <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: { base: '3', md: '4' } })}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              data-active={tile.active ? '' : undefined}
              className={css({
                display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '2', minHeight: { base: '104px', md: '120px' },
                px: '2', py: '4', borderRadius: 'card', borderWidth: '1px', borderColor: 'brand.100', bg: 'brand.50', color: 'brand.800',
                fontWeight: '700', fontSize: { base: 'sm', md: 'md' }, letterSpacing: '0.04em', textAlign: 'center', textDecoration: 'none',
                transition: 'background 120ms, border-color 120ms, transform 120ms',
                _hover: { bg: 'brand.100', borderColor: 'brand.500', transform: 'translateY(-1px)' },
                _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
                '&[data-active]': { bg: 'brand.700', color: 'white', borderColor: 'brand.700', _hover: { bg: 'brand.800' } },
              })}
            >
              <span className={css({ color: 'inherit' })}>{tile.icon}</span>
              {tile.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
