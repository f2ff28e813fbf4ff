/**
 * Page-view analytics adapter. A no-op unless configured: either `window.__analytics` (an object
 * with `pageView(path, title)`) or the build-time env `VITE_ANALYTICS_ENDPOINT` (page views are
 * sent there with `navigator.sendBeacon`). Tokens never leave the browser: the path is reported
 * with `/token/:token`.
 */
export interface AnalyticsAdapter {
  pageView(path: string, title?: string): void;
}

declare global {
  interface Window {
    __analytics?: Partial<AnalyticsAdapter>;
  }
}

export const noopAnalytics: AnalyticsAdapter = { pageView: () => {} };

/** Replaces the token in a path by `:token`. */
export function redactPath(path: string): string {
  return path.replace(/^\/token\/[^/]+/, '/token/:token');
}

function beaconAdapter(endpoint: string): AnalyticsAdapter {
  return {
    pageView(path, title) {
      const body = JSON.stringify({ type: 'pageview', path, title, at: new Date().toISOString() });
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') navigator.sendBeacon(endpoint, body);
    },
  };
}

/** The configured adapter, resolved at call time (so a late `window.__analytics` is honoured). */
export function getAnalytics(): AnalyticsAdapter {
  const fromWindow = typeof window !== 'undefined' ? window.__analytics : undefined;
  if (fromWindow && typeof fromWindow.pageView === 'function') {
    const pageView = fromWindow.pageView.bind(fromWindow);
    return { pageView };
  }
  const endpoint = import.meta.env?.VITE_ANALYTICS_ENDPOINT as string | undefined;
  if (endpoint) return beaconAdapter(endpoint);
  return noopAnalytics;
}

/** Reports a page view of `path` (token redacted). */
export function trackPageView(path: string, title?: string): void {
  try {
    getAnalytics().pageView(redactPath(path), title);
  } catch {
    /* analytics must never break navigation */
  }
}
