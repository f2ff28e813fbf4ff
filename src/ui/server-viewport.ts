/**
 * The viewport width a page is rendered for on the server (src/server-render/render-page.tsx renders a first screen
 * once per width class the app lays out differently: below 420 px, below 550 px, wider). The hooks that read the
 * window's width answer with it during that render; in a browser nothing provides it and they read the window.
 */
import { createContext, useContext } from 'react';

export const ServerViewportContext = createContext<number | null>(null);

/**
 * The server's count of the components that read the width in a render (src/server-render/render-page.tsx): a page
 * none of whose components read it has the same markup at every width, and is rendered once, not once per width class.
 */
export const ServerViewportReadsContext = createContext<{ count: number } | null>(null);

/** The width the server renders for, or null in a browser. */
export function useServerViewportWidth(): number | null {
  const width = useContext(ServerViewportContext);
  const reads = useContext(ServerViewportReadsContext);
  if (reads && width !== null) reads.count += 1;
  return width;
}

/**
 * The width classes the app lays out differently (the phone row below 550 px, method labels below 420 px), by a width
 * each is rendered at on the server; src/index.css shows the variant of the window's width.
 */
export const RENDER_VIEWPORTS = [
  { name: 'narrow', width: 375 },
  { name: 'phone', width: 480 },
  { name: 'wide', width: 1280 },
] as const;

export type RenderViewport = (typeof RENDER_VIEWPORTS)[number];

/** The width class of a window `width` px wide (the media queries of src/index.css). */
export function renderViewportOf(width: number): RenderViewport {
  return width < 420 ? RENDER_VIEWPORTS[0] : width < 550 ? RENDER_VIEWPORTS[1] : RENDER_VIEWPORTS[2];
}
