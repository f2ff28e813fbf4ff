import { css } from '../../styled-system/css';
import { formatAddress, vendorLabel } from '../../machines/selection/selection.selectors';
import { ProductMark, VendorLogo } from '../ui/brand';
import { PinIcon } from '../ui/icons';
import type { Location, Vendor } from './session';
import { shellTexts as t } from './texts';

export interface AppHeaderProps {
  vendor?: Vendor | null;
  location?: Location | null;
}

/**
 * Branded page header (spec §1): the vendor's logo and name, and — on location pages — the
 * location display name and address. Without a vendor it shows the product wordmark.
 */
export function AppHeader({ vendor, location }: AppHeaderProps) {
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
        ) : (
          <span role="img" aria-label={t.productName}>
            <ProductMark />
          </span>
        )}
        {location ? (
          <div aria-label={t.currentLocation} role="group" className={css({ display: 'flex', alignItems: 'flex-start', gap: '2', color: 'muted', fontSize: 'sm', textAlign: { base: 'left', md: 'right' } })}>
            <span className={css({ mt: '2px', color: 'brand.600', flexShrink: 0, display: { base: 'inline-flex', md: 'none' } })}><PinIcon size={18} /></span>
            <div>
              <p className={css({ fontWeight: '700', color: 'ink', fontSize: 'md' })} data-testid="header-location-name">{location.displayName}</p>
              <p data-testid="header-location-address">{formatAddress(location.address)}</p>
            </div>
            <span className={css({ mt: '2px', color: 'brand.600', flexShrink: 0, display: { base: 'none', md: 'inline-flex' } })}><PinIcon size={18} /></span>
          </div>
        ) : null}
      </div>
    </header>
  );
}
