/**
 * The server-side build's first-screen module (`dist/.ssr/first-screen.mjs`, loaded by server/http/first-screen.ts):
 * the dashboard's first screen (src/first-screen.tsx) and every other token page's (./render-page.tsx). The answers
 * hook is installed first, before the API client is evaluated.
 */
import './answers';

export { renderDashboardFirstScreen } from '../first-screen';
export { renderPageFirstScreen, warmPageRenderer } from './render-page';
