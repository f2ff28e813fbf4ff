import { useSyncExternalStore } from 'react';
import { css } from '../../styled-system/css';

export interface FooterProps {
  /** The year shown in the copyright; defaults to the current year. */
  year?: number;
}

/**
 * The year the page was prerendered (`vite.config.ts` defines it for the client and the prerender build alike):
 * hydration starts from the year in the prerendered HTML and then shows the current one, so no hydration mismatch
 * on New Year's Day. Outside a build (tests) there is no prerendered HTML and the current year is used throughout.
 */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || undefined;

/**
 * DECISION: the copyright year is read with `Date`, the one date in the landing page's path. Loading the Temporal
 * polyfill (about 50 KB gzip) for a four-digit year would double the landing page's own JavaScript; every date
 * the portal computes with (due dates, cut-offs, expirations) stays Temporal.
 */
function currentYear(): number {
  return new Date().getFullYear();
}

const noSubscription = () => () => {};

/** Site footer: "powered by" the branded valet service, and the current year in the copyright (spec §1). */
export function Footer({ year }: FooterProps) {
  const shownYear = useSyncExternalStore(noSubscription, () => year ?? currentYear(), () => year ?? BUILD_YEAR ?? currentYear());
  return (
    <footer className={css({ mt: 'auto', borderTopWidth: '1px', borderColor: 'line', bg: 'white', color: 'muted', fontSize: 'sm', py: '5' })}>
      <div className={css({ maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '2', justifyContent: 'space-between', alignItems: { base: 'flex-start', md: 'center' } })}>
        <p>
          Powered by <strong className={css({ color: 'ink' })}>Performance Valet</strong>
        </p>
        <p>© {shownYear} PerformancePay. All rights reserved.</p>
      </div>
    </footer>
  );
}
