import { useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { AnnouncementsContext } from '../features/announcements/announcements-context';
import { css } from '../../styled-system/css';
import { Footer } from '../ui/footer';
import { shellTexts } from './texts';

/** The PerformancePay wordmark: a mark plus the product name (SVG, no external asset). */
export function ProductWordmark({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: compact ? '1.5' : '2', fontWeight: '800', fontSize: compact ? 'md' : 'lg', letterSpacing: '-0.01em', whiteSpace: 'nowrap' })}>
      <svg width={compact ? 22 : 28} height={compact ? 22 : 28} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#175bb4'} />
        <path d="M10 23V9h7a5 5 0 0 1 0 10h-3.5" fill="none" stroke={inverted ? '#175bb4' : '#ffffff'} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={css({ color: inverted ? 'white' : 'brand.800' })}>
        Performance<span className={css({ color: inverted ? 'brand.100' : 'brand.600' })}>Pay</span>
      </span>
    </span>
  );
}

type AnnouncementsComponent = ComponentType<{ placement?: 'overlay' }>;
const loadedComponents: { app?: AnnouncementsComponent; public?: AnnouncementsComponent } = {};

/**
 * The announcement banners, loaded after the page is up. Without the app's announcements (the landing pages) they are
 * the public file's, read without XState or the API client (features/announcements/public-announcements-view.tsx); under
 * the app (an error page behind a token, a public page visited after one) the app's actor, whose chunks are loaded
 * already. They are an overlay here, so arriving late pushes nothing; the prerendered HTML and the first client
 * render both have none, so hydration matches.
 */
function LateAnnouncements() {
  const kind = useContext(AnnouncementsContext) ? 'app' : 'public';
  const [Component, setComponent] = useState<AnnouncementsComponent | undefined>(() => loadedComponents[kind]);
  useEffect(() => {
    setComponent(() => loadedComponents[kind]);
    if (loadedComponents[kind]) return;
    let active = true;
    const load: Promise<AnnouncementsComponent> =
      kind === 'app'
        ? import('../features/announcements/announcements').then((module) => module.Announcements)
        : import('../features/announcements/public-announcements-view').then((module) => module.PublicAnnouncements);
    void load.then(
      (loaded) => {
        loadedComponents[kind] = loaded;
        if (active) setComponent(() => loaded);
      },
      () => undefined, // no banners rather than a broken page
    );
    return () => {
      active = false;
    };
  }, [kind]);
  return Component ? <Component placement="overlay" /> : null;
}

export interface AccessLayoutProps {
  /** The brand shown in the top bar; the PerformancePay wordmark by default. */
  brand?: ReactNode;
  children: ReactNode;
}

/**
 * Frame of the screens reachable without a working token (landing, vendor landing, error and
 * not-found pages): top bar with the brand, announcements, the page, and the footer.
 */
export function AccessLayout({ brand, children }: AccessLayoutProps) {
  return (
    // data-settled: nothing of this frame loads — a first screen of it (an error page) is released as soon as the app has
    // rendered it (src/ui/first-screen.ts)
    <div data-settled="" className={css({ display: 'flex', flexDirection: 'column', minHeight: '100vh', bg: 'canvas' })}>
      <header className={css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line' })}>
        <div className={css({ maxWidth: '1050px', mx: 'auto', px: { base: '4', md: '6' }, py: '3', display: 'flex', alignItems: 'center', minHeight: '60px' })}>
          {brand ?? (
            <span aria-label={shellTexts.productName} role="img">
              <ProductWordmark />
            </span>
          )}
        </div>
      </header>
      <LateAnnouncements />
      {children}
      <Footer />
    </div>
  );
}
