import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { css } from '../../../styled-system/css';
import { adBannerMachine } from '../../../machines/statement/ad-banner.machine';
import { adBannerEqual, selectAdBanner } from '../../../machines/statement/statement.selectors';
import type { Advertisement } from '../../../machines/statement/statement.actors';
import { safeUrl } from '../../../core/rules/safe-url';
import { statementTexts as t } from './texts';

/** Where an ad's click URL opens (a new tab, no opener). Tests replace it. */
export const adNavigation = { open: (url: string) => { window.open(url, '_blank', 'noopener,noreferrer'); } };

const reducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const styles = {
  // §9: aspect ratio about 25.68 % — reserved from the first paint, whatever loads (no layout shift).
  frame: css({ position: 'relative', width: '100%', paddingTop: '25.68%', overflow: 'hidden', borderRadius: 'card', bg: 'brand.50', mb: '5', _print: { display: 'none' } }),
  track: css({ position: 'absolute', inset: '0', display: 'flex', width: '100%', height: '100%' }),
  sliding: css({ width: '200%', animation: 'adSlide 1s ease-in-out forwards', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }),
  slide: css({ flex: '1 0 0', height: '100%', display: 'block', minWidth: '0' }),
  image: css({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }),
  link: css({ display: 'block', height: '100%', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' } }),
};

const keyframes = '@keyframes adSlide { from { transform: translateX(0); } to { transform: translateX(-50%); } }';

function AdSlide({ ad, n, total, onClick, focusable }: { ad: Advertisement; n: number; total: number; onClick(): void; focusable: boolean }) {
  // URLs are data: only what passes the one URL rule reaches src/href (nothing is rendered for a bad one).
  const src = safeUrl(ad.fileUrl);
  const href = safeUrl(ad.clickUrl);
  const image = src ? <img src={src} alt={t.ad(n, total)} className={styles.image} draggable={false} /> : null;
  return (
    <div className={styles.slide} data-testid="ad-slide" data-file-id={ad.fileId}>
      {href && image ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.link}
          aria-label={t.adLink(n, total)}
          tabIndex={focusable ? 0 : -1}
          onClick={(e) => { e.preventDefault(); onClick(); }}
        >
          {image}
        </a>
      ) : image}
    </div>
  );
}

/**
 * The vendor ad banner (recurring §2.4, §4, §9): see `adBannerMachine`. It starts once the page is on the reader's
 * screen, not in the server's render of the first screen: its chart records impressions (writes, which that render
 * refuses), rotates on timers and sends the browser's time zone (read when it sends the first, not on arrival).
 * Until then (the server's render and the browser's hydration of it) its frame holds its space, empty; the page
 * around it is hydrated from the server's snapshots.
 */
export function AdBanner({ vendorId, locationId }: { vendorId: string; locationId: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? <LiveAdBanner vendorId={vendorId} locationId={locationId} /> : <section aria-label={t.adsLabel} className={styles.frame} data-testid="ad-banner" />;
}

function LiveAdBanner({ vendorId, locationId }: { vendorId: string; locationId: string }) {
  const logic = useMemo(() => adBannerMachine.provide({ actions: { openAd: (_, url) => adNavigation.open(url) } }), []);
  const actor = useActorRef(logic, { input: { vendorId, locationId, reducedMotion: reducedMotion() } });
  const view = useSelector(actor, selectAdBanner, adBannerEqual);
  const total = view.ads.length;
  const current = view.ads[view.index];
  const next = total > 0 ? view.ads[(view.index + 1) % total] : undefined;
  const click = () => actor.send({ type: 'ad.click' });
  return (
    <section aria-label={t.adsLabel} aria-busy={view.status === 'loading'} className={styles.frame} data-testid="ad-banner" data-ad-index={view.index}>
      <style>{keyframes}</style>
      {view.status === 'showing' && current ? (
        <div className={`${styles.track} ${view.sliding ? styles.sliding : ''}`}>
          <AdSlide key={`${view.index}-${current.fileId}`} ad={current} n={view.index + 1} total={total} onClick={click} focusable />
          {view.sliding && next ? <AdSlide key={`next-${next.fileId}`} ad={next} n={((view.index + 1) % total) + 1} total={total} onClick={() => {}} focusable={false} /> : null}
        </div>
      ) : null}
    </section>
  );
}
