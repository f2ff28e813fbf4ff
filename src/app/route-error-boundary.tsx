import { Component, lazy, Suspense, type ReactNode } from 'react';
import { shellTexts as t } from './texts';
import { useReleaseFirstScreen } from '../ui/first-screen';

/**
 * The router's error element. The full error page (shell frame, header, announcements) is its own chunk, loaded
 * only when a route fails — the landing page's entry does not carry it. If that chunk cannot load either
 * (the network is gone: the usual cause of a chunk-load error), a plain page with the same texts and a reload
 * button is shown instead.
 */
const RouteErrorPage = lazy(() => import('./route-error-page'));

function PlainErrorPage() {
  return (
    <main id="main" style={{ maxWidth: '520px', margin: '0 auto', padding: '48px 16px', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: '1.5rem', fontWeight: 700, marginBottom: '12px' }}>{t.chunkErrorTitle}</h1>
      <p style={{ marginBottom: '20px' }}>{t.chunkErrorBody}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ minHeight: '44px', padding: '0 20px', cursor: 'pointer' }}>
        {t.reload}
      </button>
    </main>
  );
}

class ErrorPageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <PlainErrorPage /> : this.props.children;
  }
}

export function RouteErrorBoundary() {
  // A failing page never stays behind the first screen painted from the HTML.
  useReleaseFirstScreen(true);
  return (
    <ErrorPageLoadBoundary>
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    </ErrorPageLoadBoundary>
  );
}
