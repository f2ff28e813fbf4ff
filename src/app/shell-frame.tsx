import { createContext, useContext, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { Footer } from '../ui/footer';
import { Settled, useSettled } from '../ui/reserved';
import { Announcements } from '../features/announcements/announcements';
import { useAnnouncementsSettled } from '../features/announcements/use-announcements';
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
  /** The vendor and location are still loading: the header reserves their space (AppHeader). */
  pending?: boolean;
  children: ReactNode;
}

/** At most this long the page waits, invisible, for the parts above it (then late banners become an overlay). */
export const SHELL_SETTLE_MAX_WAIT_MS = 1500;

/** Whether the shell frame shows its page yet (false while it waits for the parts above it). */
export const ShellVisibleContext = createContext(true);

/** True once the page inside the shell frame is shown (see `ShellFrame`); true outside one. */
export function useShellVisible(): boolean {
  return useContext(ShellVisibleContext);
}

export interface ShellLayoutProps {
  vendor?: Vendor | null;
  location?: Location | null;
  /** The announcement banners (in the flow, above the page). */
  announcements: ReactNode;
  bar?: ReactNode;
  visible: boolean;
  pending?: boolean;
  children: ReactNode;
}

const pageArea = css({ display: 'flex', flexDirection: 'column', flex: '1', minHeight: '100vh' });

/**
 * The frame's markup: header, banners, then bar, page and footer. Also rendered by the server into a token page's
 * first screen (src/first-screen.tsx), so what the HTML paints and what the app renders are laid out alike.
 */
export function ShellLayout({ vendor, location, announcements, bar, visible, pending = false, children }: ShellLayoutProps) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minHeight: '100vh', bg: 'canvas' })}>
      <AppHeader vendor={vendor} location={location} pending={pending} />
      {announcements}
      <Settled visible={visible} className={css({ display: 'flex', flexDirection: 'column', flex: '1' })}>
        {/* At least a viewport high, so the footer starts below the fold: a page whose data is still loading is shorter
            than it will be, and a footer painted in view would be pushed down when the rows arrive (0.12 of layout
            shift on the remit form at 375 px). Below the fold, growing content moves nothing the user sees. */}
        <div className={pageArea}>
          {bar}
          {children}
        </div>
        <Footer />
      </Settled>
    </div>
  );
}

/**
 * Frame of the authenticated pages: branded header, announcements, optional bar, page, footer.
 *
 * No layout shift: the announcements and the bar sit above the page, so the page (bar, content, footer) is laid out
 * but kept invisible until they are known (`ready` and the announcements settled), at most
 * SHELL_SETTLE_MAX_WAIT_MS; announcements that arrive later are shown as an overlay that pushes nothing.
 */
export function ShellFrame({ vendor, location, bar, ready = true, pending = false, children }: ShellFrameProps) {
  const announcementsSettled = useAnnouncementsSettled();
  const { visible, late } = useSettled(announcementsSettled && ready, SHELL_SETTLE_MAX_WAIT_MS);
  return (
    <ShellVisibleContext.Provider value={visible}>
      <ShellLayout vendor={vendor} location={location} bar={bar} visible={visible} pending={pending} announcements={<Announcements placement={late ? 'overlay' : 'flow'} />}>
        {children}
      </ShellLayout>
    </ShellVisibleContext.Provider>
  );
}
