import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { paths, type LocationBase } from '../../core/rules/paths';
import { Page } from '../ui/page';
import { LocationFrame } from './location-frame';
import { useSession, type Session } from './session';
import type { LocationContextView } from './use-location-context';

/** What every page under a location starts from: the session, the route's ids and parameters, the location's base path. */
export interface LocationRoute<P extends string = never> {
  session: Session;
  vendorId: string;
  locationId: string;
  /** The page's own path parameters (`invoiceId`, `planId`, …), '' when the route has none of that name. */
  params: Record<P, string>;
  /** `paths.location(…)`: what every link and redirect of the page builds on (core/rules/paths.ts). */
  base: LocationBase;
}

/** The route plus the location's vendor and location, as the frame has loaded them. */
export interface LocationPageView<P extends string = never> extends LocationRoute<P> {
  context: LocationContextView;
}

/**
 * The route of a page under `/token/:token/vendors/:vendorId/locations/:locationId`, for the pages that need it before
 * (or without) the frame: a redirect decided from navigation state, the PDF loaders that render no frame.
 */
export function useLocationRoute<P extends string = never>(names: readonly P[] = []): LocationRoute<P> {
  const session = useSession();
  const route = useParams();
  const vendorId = route.vendorId ?? '';
  const locationId = route.locationId ?? '';
  const params = Object.fromEntries(names.map((name) => [name, route[name] ?? ''])) as Record<P, string>;
  return { session, vendorId, locationId, params, base: paths.location({ token: session.token, vendorId, locationId }) };
}

export interface LocationPageProps<P extends string> {
  /** The page's own path parameters to hand it (typed, '' when absent). */
  params?: readonly P[];
  /** The dashboard shows the change-location bar (with more than one vendor or location). */
  changeLocationBar?: boolean;
  /**
   * The page landmark around the content: `normal` (800 px), `wide` (850 px), or `none` for a page that lays out its own
   * `<main>`. Rendered here so every page under a location has the same shell.
   */
  page?: 'normal' | 'wide' | 'none';
  /** A bar between the frame's header and the page landmark (the back links of the sub-pages). */
  bar?: (page: LocationPageView<P>) => ReactNode;
  children: (page: LocationPageView<P>) => ReactNode;
}

/**
 * The one wrapper of the pages under a location: it gives the page its session, typed params and base path, and
 * renders the location frame (header with the vendor's brand, announcements, the location's failure or /404) and the
 * page landmark around what the page renders.
 */
export function LocationPage<P extends string = never>({ params, changeLocationBar = false, page = 'normal', bar, children }: LocationPageProps<P>) {
  const route = useLocationRoute(params);
  return (
    <LocationFrame vendorId={route.vendorId} locationId={route.locationId} changeLocationBar={changeLocationBar}>
      {(context) => {
        const view: LocationPageView<P> = { ...route, context };
        if (page === 'none') return children(view);
        return (
          <>
            {bar?.(view)}
            <Page wide={page === 'wide'}>{children(view)}</Page>
          </>
        );
      }}
    </LocationFrame>
  );
}
