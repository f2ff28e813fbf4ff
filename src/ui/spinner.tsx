import { css, cx } from '../../styled-system/css';

export interface SpinnerProps {
  /** Accessible label announced to screen readers. */
  label?: string;
  size?: number;
  className?: string;
}

/**
 * An SVG spinner with `role="status"`; centred in its container. For a short busy state inside something whose size
 * does not change (a button, a dialog). NOT a page or section placeholder: what loads must be shown as `Skeleton`s of
 * its final size in a `LoadingRegion` (src/ui/reserved.tsx), or the content below moves when it arrives.
 */
export function Spinner({ label = 'Loading', size = 40, className }: SpinnerProps) {
  return (
    // data-loading: a page showing one is not settled yet (src/ui/first-screen.ts, src/server-render/render-page.tsx)
    <div role="status" aria-live="polite" data-loading="" className={cx(css({ display: 'flex', justifyContent: 'center', py: '10' }), className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 48 48"
        aria-hidden="true"
        className={css({ animation: 'spin 0.9s linear infinite', color: 'brand.600' })}
      >
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="5" />
        <path d="M24 4a20 20 0 0 1 20 20" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <span className={css({ srOnly: true })}>{label}</span>
    </div>
  );
}
