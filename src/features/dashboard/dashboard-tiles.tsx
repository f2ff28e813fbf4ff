import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css, cx } from '../../../styled-system/css';
import { Skeleton } from '../../ui/reserved';

const panel = css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card', p: { base: '4', md: '6' } });
const panelTitle = css({ fontSize: 'sm', fontWeight: '800', letterSpacing: '0.08em', color: 'muted', mb: '4' });
const grid = css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: { base: '3', md: '4' } });
/** A tile's box: the skeleton tile uses the same height rules. */
const tileBox = css({ minHeight: { base: '104px', md: '120px' }, borderRadius: 'card' });

export interface Tile {
  label: string;
  to: string;
  icon: ReactNode;
  /** Highlighted state (AUTOPAY ON). */
  active?: boolean;
  /** A corner badge (the MESSAGES tile's unread count): visible text and its accessible wording. */
  badge?: { text: string; label: string } | null;
  /** Called when the tile is followed (the tiles' token actions). */
  onSelect?: () => void;
}

/** A titled panel of tiles (TOOLS, REPORTS). */
export function TilePanel({ id, title, tiles }: { id: string; title: string; tiles: Tile[] }) {
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id} className={panelTitle}>{title}</h2>
      <ul className={grid}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              onClick={tile.onSelect}
              data-active={tile.active ? '' : undefined}
              className={cx(tileBox, css({
                position: 'relative', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '2',
                px: '2', py: '4', borderRadius: 'card', borderWidth: '1px', borderColor: 'brand.100', bg: 'brand.50', color: 'brand.800',
                fontWeight: '700', fontSize: { base: 'sm', md: 'md' }, letterSpacing: '0.04em', textAlign: 'center', textDecoration: 'none',
                transition: 'background 120ms, border-color 120ms, transform 120ms',
                _hover: { bg: 'brand.100', borderColor: 'brand.500', transform: 'translateY(-1px)' },
                _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
                '&[data-active]': { bg: 'brand.700', color: 'white', borderColor: 'brand.700', _hover: { bg: 'brand.800' } },
              }))}
            >
              <span className={css({ color: 'inherit' })}>{tile.icon}</span>
              {tile.label}
              {tile.badge ? (
                // Absolutely placed in the tile's corner: appearing later moves nothing.
                <span
                  data-testid="tile-badge"
                  className={css({
                    position: 'absolute', top: '2', right: '2', minWidth: '6', height: '6', px: '2', borderRadius: 'full', bg: 'danger', color: 'white',
                    fontSize: 'xs', fontWeight: '800', letterSpacing: '0', display: 'inline-flex', alignItems: 'center', justifyContent: 'center',
                  })}
                >
                  <span aria-hidden="true">{tile.badge.text}</span>
                  <span className={css({ srOnly: true })}>{`, ${tile.badge.label}`}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The panel while its tiles load: the same title, grid and tile height, so the tiles replace it without a shift. */
export function TilePanelSkeleton({ title, count }: { title: string; count: number }) {
  return (
    <section className={panel} aria-hidden="true">
      <h2 className={panelTitle}>{title}</h2>
      <ul className={grid}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}><Skeleton height="auto" className={tileBox} /></li>
        ))}
      </ul>
    </section>
  );
}
