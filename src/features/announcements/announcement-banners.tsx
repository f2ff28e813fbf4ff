import { css, cva } from '../../../styled-system/css';
import { AlertIcon, CloseIcon, InfoIcon } from '../../ui/icons';
import type { AnnouncementView } from '../../../machines/announcements/announcements.selectors';
import { announcementTexts as t } from './texts';

const banner = cva({
  base: {
    py: '3', fontSize: 'sm', lineHeight: '1.45',
    borderBottomWidth: '1px',
  },
  variants: {
    tone: {
      error: { bg: 'dangerBg', color: 'danger', borderColor: '#f4c7c3' },
      info: { bg: 'infoBg', color: 'info', borderColor: 'brand.100' },
    },
  },
});

/**
 * Where the banners go. `flow`: above the page, in the document flow — only where the page below is held until they
 * are known (the shell frame does, see `Settled`). `overlay`: docked over the top of the viewport, sliding in, so a
 * late answer pushes nothing (pages shown before the announcements are known, e.g. the landing page).
 */
export type AnnouncementsPlacement = 'flow' | 'overlay';

const overlay = css({
  position: 'fixed', top: 0, left: 0, right: 0, zIndex: 50, boxShadow: '0 4px 16px rgba(16, 24, 40, 0.18)',
  '@media (prefers-reduced-motion: no-preference)': { animation: 'slideDown 200ms ease-out' },
});

/**
 * The banners themselves, from their view: also rendered by the server into a token page's first screen
 * (src/first-screen.tsx), so the markup is the same.
 */
export function AnnouncementBanners({ items, placement, onDismiss }: { items: AnnouncementView[]; placement: AnnouncementsPlacement; onDismiss?: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={t.region} data-placement={placement} data-print-hide="" className={placement === 'overlay' ? overlay : css({ width: '100%' })}>
      <ul className={css({ listStyle: 'none', m: 0, p: 0 })}>
        {items.map((item) => (
          <li key={item.id} className={banner({ tone: item.tone })} data-tone={item.tone}>
            <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', width: '100%', maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' } })}>
            <span className={css({ flexShrink: 0, mt: '1px' })}>{item.tone === 'error' ? <AlertIcon size={20} /> : <InfoIcon size={20} />}</span>
            <p className={css({ flex: '1', fontWeight: '500' })}>{item.message}</p>
            {item.dismissible ? (
              <button
                type="button"
                aria-label={t.dismiss}
                onClick={() => onDismiss?.(item.id)}
                className={css({
                  flexShrink: 0, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '32px', height: '32px', mt: '-1',
                  borderRadius: 'control', color: 'inherit', cursor: 'pointer', bg: 'transparent', _hover: { bg: 'rgba(11,74,143,0.1)' },
                  _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
                })}
              >
                <CloseIcon size={18} />
              </button>
            ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
