import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Footer } from '../../ui/footer';
import { Settled, useSettled } from '../../ui/reserved';
import { Announcements } from '../announcements/announcements';
import { useAnnouncementsSettled } from '../announcements/use-announcements';
import { AppHeader } from './app-header';
import type { Location, Vendor } from './session';

export interface ShellFrameProps {
  vendor?: Vendor | null;
  location?: Location | null;
  /** Optional bar under the header (change-location bar). */
  bar?: ReactNode;
  /**
   * False while something that decides what sits above the page is still loading (e.g. whether there is a
   * change-location bar). Default true.
   */
  ready?: boolean;
  children: ReactNode;
}

/** At most this long the page waits, invisible, for the parts above it (then late banners become an overlay). */
export const SHELL_SETTLE_MAX_WAIT_MS = 1500;

/**
 * Frame of the authenticated pages: branded header, announcements, optional bar, page, footer.
 *
 * No layout shift: the announcements and the bar sit above the page, so the page (bar, content, footer) is laid out
 * but kept invisible until they are known (`ready` and the announcements settled), at most
 * SHELL_SETTLE_MAX_WAIT_MS; announcements that arrive later are shown as an overlay that pushes nothing.
 */
export function ShellFrame({ vendor, location, bar, ready = true, children }: ShellFrameProps) {
  const announcementsSettled = useAnnouncementsSettled();
  const { visible, late } = useSettled(announcementsSettled && ready, SHELL_SETTLE_MAX_WAIT_MS);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minHeight: '100vh', bg: 'canvas' })}>
      <AppHeader vendor={vendor} location={location} />
      <Announcements placement={late ? 'overlay' : 'flow'} />
      <Settled visible={visible} className={css({ display: 'flex', flexDirection: 'column', flex: '1' })}>
        {bar}
        {children}
        <Footer />
      </Settled>
    </div>
  );
}
