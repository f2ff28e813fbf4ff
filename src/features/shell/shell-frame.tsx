import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Footer } from '../../ui/footer';
import { Announcements } from '../announcements/announcements';
import { AppHeader } from './app-header';
import type { Location, Vendor } from './session';

export interface ShellFrameProps {
  vendor?: Vendor | null;
  location?: Location | null;
  /** Optional bar under the header (change-location bar). */
  bar?: ReactNode;
  children: ReactNode;
}

/** Frame of the authenticated pages: branded header, announcements, optional bar, page, footer. */
export function ShellFrame({ vendor, location, bar, children }: ShellFrameProps) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minHeight: '100vh', bg: 'canvas' })}>
      <AppHeader vendor={vendor} location={location} />
      <Announcements />
      {bar}
      {children}
      <Footer />
    </div>
  );
}
