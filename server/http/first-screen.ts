/**
 * A token page's first screen in its HTML: the dashboard paints from the HTML and the stylesheet, before any
 * JavaScript runs. The markup comes from the app's own components, rendered here with the answers the page carries
 * inline (server/http/bootstrap.ts) by the server-side build of src/first-screen.tsx (`dist/.ssr/first-screen.mjs`,
 * written by `npm run build`). It goes before `#root` as `<div id="pp-first-screen">`; the app renders into `#root`
 * unseen and removes it once its own screen is the same (src/ui/first-screen.ts).
 *
 * Without the server-side build (a server run from source with an older build), or when the renderer cannot render
 * (an answer missing) or throws, the page is sent without it, as before.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bootstrap, TokenPage } from './token-page.js';

export const FIRST_SCREEN_ID = 'pp-first-screen';
export const FIRST_SCREEN_MODULE = path.join('.ssr', 'first-screen.mjs');

interface Renderer {
  renderDashboardFirstScreen(input: { path: string; token: string; vendorId: string; locationId: string; api: Record<string, unknown>; files: Record<string, unknown> }): string | null;
}

let cached: { file: string; mtimeMs: number; renderer: Promise<Renderer | null> } | null = null;

function rendererOf(distDir: string): Promise<Renderer | null> {
  const file = path.join(distDir, FIRST_SCREEN_MODULE);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return Promise.resolve(null);
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.renderer;
  const renderer = import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(
    (module: Partial<Renderer>) => (typeof module.renderDashboardFirstScreen === 'function' ? (module as Renderer) : null),
    () => null,
  );
  cached = { file, mtimeMs, renderer };
  return renderer;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The first screen of `page` (requested as `pathname`), as the element to put before `#root`, or null. */
export async function firstScreenHtml(distDir: string, page: TokenPage, pathname: string, bootstrap: Bootstrap): Promise<string | null> {
  if (page.kind !== 'dashboard' || !page.vendorId || !page.locationId) return null;
  const renderer = await rendererOf(distDir);
  if (!renderer) return null;
  let markup: string | null;
  try {
    markup = renderer.renderDashboardFirstScreen({ path: pathname, token: page.token, vendorId: page.vendorId, locationId: page.locationId, api: bootstrap.api, files: bootstrap.files });
  } catch {
    return null;
  }
  return markup ? `<div id="${FIRST_SCREEN_ID}" data-path="${attribute(pathname)}">${markup}</div>` : null;
}
