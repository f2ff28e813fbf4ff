import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { Redirect } from './redirect';
import { css } from '../../styled-system/css';
import { shellTexts as t } from './texts';
import { firstScreenPath, HYDRATING_ATTRIBUTE, releaseFirstScreen } from '../ui/first-screen';
import { trackPageView } from './analytics';
import { isPublicPath, loadAppServices, useAppServicesModule } from './lazy-services';
import { hasInvalidParam, isErrorPath, isUuid } from './route-params';

function scrollToTop() {
  try {
    window.scrollTo({ top: 0, left: 0 });
  } catch {
    /* not available (e.g. jsdom) */
  }
}

/**
 * Root of every route: UUID check of path parameters (→ /404), scroll to top and a page view on
 * each navigation, and — from the first page that needs them on (`lazy-services.ts`) — the app-wide actors: the
 * navigation history, the persisted store, the unauthorised handler and the app-level announcements (global + vendor
 * of the path + public file).
 */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const params = (matches[matches.length - 1]?.params ?? {}) as Record<string, string | undefined>;
  const servicesModule = useAppServicesModule();
  const isPublic = isPublicPath(location.pathname);
  // Once mounted, the app-wide actors stay (a later public page keeps them): wrapping the outlet only from a page that
  // needs them means the landing page is never re-mounted under them.
  const [provided, setProvided] = useState(false);
  const provide = Boolean(servicesModule) && (provided || !isPublic);
  if (provide && !provided) setProvided(true);
  /** Paths visited before the provider mounted, handed to the navigation history when it does. */
  const earlierVisits = useRef<string[]>([]);

  useLayoutEffect(() => {
    // The first screen from the HTML stands for its own path only: a redirect or another page releases it.
    const shown = firstScreenPath();
    if (shown !== null && shown !== location.pathname) releaseFirstScreen();
    // the page painted from the HTML (or hydrated from it): keep where the reader is
    else if (shown !== null || document.documentElement.hasAttribute(HYDRATING_ATTRIBUTE)) return;
    scrollToTop();
  }, [location.pathname]);

  useEffect(() => {
    trackPageView(location.pathname, document.title);
    // Once per path (not when `provide` changes): from its mount on, the provider records the visits itself.
    if (!provide) earlierVisits.current.push(location.pathname);
  }, [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  // A page that needs the actors waits for them; should their chunk fail to load, the page renders anyway and its
  // own use of them ends in the route's error page (with its retry) instead of a blank screen.
  const [loadFailed, setLoadFailed] = useState(false);
  const waiting = !isPublic && !servicesModule && !loadFailed;
  useEffect(() => {
    // The route loaders load it with the page's chunk; a page rendered otherwise (tests, error routes) loads it here.
    if (waiting) void loadAppServices().catch(() => setLoadFailed(true));
  }, [waiting]);

  const token = params.token;
  const vendorId = params.vendorId && isUuid(params.vendorId) ? params.vendorId : null;
  const authenticated = Boolean(token) && !isErrorPath(location.pathname);
  const source = useMemo(() => ({ authenticated, vendorId }), [authenticated, vendorId]);

  const invalid = hasInvalidParam(params);
  // A page that needs the app-wide actors renders once they are there (route loaders load them with the page's chunk).
  const outlet = invalid ? <Redirect to="/404" replace /> : waiting ? null : <Outlet />;
  const Provider = provide ? servicesModule?.AppServicesProvider : undefined;

  return (
    <>
      <a
        href="#main"
        className={css({
          position: 'absolute', left: '2', top: '-40', zIndex: 100, bg: 'white', color: 'brand.700', px: '4', py: '2',
          borderRadius: 'control', boxShadow: 'raised', fontWeight: '600', _focus: { top: '2' },
        })}
      >
        {t.skipToContent}
      </a>
      {Provider ? (
        <Provider source={source} earlierVisits={earlierVisits}>
          {outlet}
        </Provider>
      ) : (
        outlet
      )}
    </>
  );
}

export default RootLayout;
