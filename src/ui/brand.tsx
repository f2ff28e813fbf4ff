import { css } from '../../styled-system/css';
import type { Vendor } from '../app/session';
import { vendorLabel } from '../../machines/selection/selection.selectors';
import { safeUrl } from '../../core/rules/safe-url';
import { monogram } from '../../core/rules/monogram';

/** Vendor logo, or a monogram tile when the vendor has none. */
export function VendorLogo({ vendor, size = 48 }: { vendor: Pick<Vendor, 'name' | 'displayName' | 'config'>; size?: number }) {
  const label = vendorLabel(vendor);
  const logoUrl = safeUrl(vendor.config.logoUrl); // the one URL rule; a bad URL gets the monogram
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt={`${label} logo`}
        height={size}
        className={css({ height: 'auto', width: 'auto', maxWidth: '180px', objectFit: 'contain' })}
        style={{ maxHeight: size }}
      />
    );
  }
  const initials = monogram(label);
  return (
    <span
      role="img"
      aria-label={`${label} logo`}
      className={css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', borderRadius: 'control', bg: 'brand.700', color: 'white', fontWeight: '700', flexShrink: 0 })}
      style={{ width: size, height: size, fontSize: size * 0.38 }}
    >
      {initials}
    </span>
  );
}

/** The PerformancePay wordmark (SVG mark + name). */
export function ProductMark() {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontWeight: '800', fontSize: 'lg', color: 'brand.800' })}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#175bb4" />
        <path d="M10 23V9h7a5 5 0 0 1 0 10h-3.5" fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>
        Performance<span className={css({ color: 'brand.600' })}>Pay</span>
      </span>
    </span>
  );
}
