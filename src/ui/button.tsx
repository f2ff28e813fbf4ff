import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cva, cx, type RecipeVariantProps } from '../../styled-system/css';

/** Button recipe; also usable on links: `<Link className={button({ variant: 'secondary' })}>`. */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    minHeight: '44px',
    px: '5',
    borderRadius: 'control',
    fontWeight: '600',
    fontSize: 'md',
    lineHeight: '1.2',
    textDecoration: 'none',
    cursor: 'pointer',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    transition: 'background 120ms, border-color 120ms, box-shadow 120ms',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  },
  variants: {
    variant: {
      primary: { bg: 'brand.600', color: 'white', _hover: { _enabled: { bg: 'brand.700' } } },
      secondary: { bg: 'white', color: 'brand.700', borderColor: 'brand.600', _hover: { _enabled: { bg: 'brand.50' } } },
      ghost: { bg: 'transparent', color: 'brand.700', _hover: { _enabled: { bg: 'brand.50' } } },
      danger: { bg: 'danger', color: 'white', _hover: { _enabled: { bg: '#912018' } } },
    },
    size: {
      md: {},
      sm: { minHeight: '36px', px: '3', fontSize: 'sm' },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariantProps<typeof button>>;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariants {
  /** Shows a spinner, sets `aria-busy` and disables the button while true. */
  loading?: boolean;
  children?: ReactNode;
}

/** The shared button: primary/secondary/ghost/danger, with a loading state. */
export function Button({ loading = false, variant, size, block, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(button({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...rest}
    >
      {loading ? (
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" style={{ animation: 'spin 0.9s linear infinite' }}>
          <circle cx="24" cy="24" r="19" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="6" />
          <path d="M24 5a19 19 0 0 1 19 19" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        </svg>
      ) : null}
      {children}
    </button>
  );
}
