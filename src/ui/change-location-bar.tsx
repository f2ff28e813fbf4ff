import { Link } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { SwapIcon } from './icons';

export interface ChangeLocationBarProps {
  /** What is currently chosen, e.g. the location or vendor name. */
  current: string;
  /** Where "Change" leads. */
  to: string;
  label: string;
}

/** A slim bar under the header naming the current choice with a link to choose again. */
export function ChangeLocationBar({ current, to, label }: ChangeLocationBarProps) {
  return (
    <nav aria-label={label} className={css({ bg: 'brand.50', borderBottomWidth: '1px', borderColor: 'brand.100' })}>
      <div className={css({ maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, py: '2', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', fontSize: 'sm' })}>
        <span className={css({ color: 'ink', fontWeight: '500', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>{current}</span>
        <Link
          to={to}
          className={css({
            display: 'inline-flex', alignItems: 'center', gap: '1.5', fontWeight: '600', color: 'brand.700', textDecoration: 'none', whiteSpace: 'nowrap',
            minHeight: '36px', px: '2', borderRadius: 'control', _hover: { textDecoration: 'underline' },
          })}
        >
          <SwapIcon size={18} />
          {label}
        </Link>
      </div>
    </nav>
  );
}
