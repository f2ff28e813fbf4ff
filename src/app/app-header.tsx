import { css } from '../../styled-system/css';
import { formatAddress, vendorLabel } from '../../machines/selection/selection.selectors';
import { ProductMark, VendorLogo } from '../ui/brand';
import { PinIcon } from '../ui/icons';
import { Skeleton } from '../ui/reserved';
import type { Location, Vendor } from './session';
import { shellTexts as t } from './texts';

export interface AppHeaderProps {
  vendor?: Vendor | null;
  location?: Location | null;
  /** The vendor and location are still loading (a location page): their space is reserved, empty. */
  pending?: boolean;
}

/**
 * Branded page header (spec §1): the vendor's logo and name, and — on location pages — the
 * location display name and address. Without a vendor it shows the product wordmark.
 */
export function AppHeader({ vendor, location, pending = false }: AppHeaderProps) {
  return (
    <header className={css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', boxShadow: '0 1px 0 rgba(16,24,40,0.03)' })}>
      <div
        className={css({
          maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, py: '3', minHeight: '64px',
          display: 'flex', flexDirection: { base: 'column', md: 'row' }, alignItems: { base: 'flex-start', md: 'center' },
          justifyContent: 'space-between', gap: { base: '2', md: '6' },
        })}
      >
        {vendor ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: 0 })}>
            <VendorLogo vendor={vendor} size={40} />
            <span className={css({ fontWeight: '700', fontSize: { base: 'md', md: 'lg' }, color: 'ink', lineHeight: '1.2' })}>{vendorLabel(vendor)}</span>
          </div>
        ) : pending ? (
          // The vendor's row while its name loads: the logo's height, so the header does not grow when it comes.
          <Skeleton width={180} height={40} />
        ) : (
          <span role="img" aria-label={t.productName}>
            <ProductMark />
          </span>
        )}
        {location || pending ? (
          <div aria-label={location ? t.currentLocation : undefined} role={location ? 'group' : undefined} aria-hidden={location ? undefined : true} className={css({ display: 'flex', alignItems: 'flex-start', gap: '2', color: 'muted', fontSize: 'sm', textAlign: { base: 'left', md: 'right' } })}>
            <span className={css({ mt: '2px', color: 'brand.600', flexShrink: 0, display: { base: 'inline-flex', md: 'none' } })}><PinIcon size={18} /></span>
            <div>
              {/* While the location loads: the same two lines, empty, so the header has its final height from the first paint
                  (on a phone the location sits under the vendor: a header growing by its height pushed the whole page). */}
              <p className={css({ fontWeight: '700', color: 'ink', fontSize: 'md' })} data-testid={location ? 'header-location-name' : undefined}>{location ? location.displayName : '\u00a0'}</p>
              <p data-testid={location ? 'header-location-address' : undefined}>{location ? formatAddress(location.address) : '\u00a0'}</p>
            </div>
            <span className={css({ mt: '2px', color: 'brand.600', flexShrink: 0, display: { base: 'none', md: 'inline-flex' } })}><PinIcon size={18} /></span>
          </div>
        ) : null}
      </div>
    </header>
  );
}
