import { useEffect, useLayoutEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { css } from '../../styled-system/css';
import { AnnouncementsContext, useAnnouncementsActor } from '../features/announcements/use-announcements';
import { shellTexts as t } from '../features/shell/texts';
import { trackPageView } from './analytics';
import { AppServicesContext, useAppServicesActors } from './app-services';
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
 * each navigation, the navigation history, the unauthorised handler, and the app-level
 * announcements (global + vendor of the path + public file).
 */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const params = (matches[matches.length - 1]?.params ?? {}) as Record<string, string | undefined>;
  const services = useAppServicesActors();

  useLayoutEffect(() => {
    scrollToTop();
  }, [location.pathname]);

  useEffect(() => {
    trackPageView(location.pathname, document.title);
    services.navigation.send({ type: 'navigation.visit', path: location.pathname });
  }, [location.pathname, services.navigation]);

  const token = params.token;
  const vendorId = params.vendorId && isUuid(params.vendorId) ? params.vendorId : null;
  const authenticated = Boolean(token) && !isErrorPath(location.pathname);
  const source = useMemo(() => ({ authenticated, vendorId }), [authenticated, vendorId]);
  const announcements = useAnnouncementsActor(source);

  const invalid = hasInvalidParam(params);

  return (
    <AppServicesContext.Provider value={services}>
      <AnnouncementsContext.Provider value={announcements}>
        <a
          href="#main"
          className={css({
            position: 'absolute', left: '2', top: '-40', zIndex: 100, bg: 'white', color: 'brand.700', px: '4', py: '2',
            borderRadius: 'control', boxShadow: 'raised', fontWeight: '600', _focus: { top: '2' },
          })}
        >
          {t.skipToContent}
        </a>
        {invalid ? <Navigate to="/404" replace /> : <Outlet />}
      </AnnouncementsContext.Provider>
    </AppServicesContext.Provider>
  );
}

export default RootLayout;
