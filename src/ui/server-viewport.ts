/**
 * The viewport width a page is rendered for on the server (src/server-render/render-page.tsx renders a first screen
 * once per width class the app lays out differently: below 420 px, below 550 px, wider). The hooks that read the
 * window's width answer with it during that render; in a browser nothing provides it and they read the window.
 */
import { createContext, useContext } from 'react';

export const ServerViewportContext = createContext<number | null>(null);

/**
 * What the components of a server's render took from the width (src/server-render/render-page.tsx): each read says
 * what of the width it depends on. A width class at which every one of them decides the same as at a class already
 * rendered has that class's markup (the same tree, the same actors), and is not rendered again; a page that reads no
 * width is rendered once, for the widest class.
 */
export interface ServerViewportReads {
  depends: Array<(width: number) => unknown>;
}

export const ServerViewportReadsContext = createContext<ServerViewportReads | null>(null);

/** The width itself, when a reader says nothing narrower. */
const wholeWidth = (width: number) => width;

/**
 * The width the server renders for, or null in a browser. `dependsOn` is what of the width the caller's markup depends
 * on (e.g. whether it is below a breakpoint); without it, on the width itself.
 */
export function useServerViewportWidth(dependsOn: (width: number) => unknown = wholeWidth): number | null {
  const width = useContext(ServerViewportContext);
  const reads = useContext(ServerViewportReadsContext);
  if (reads && width !== null) reads.depends.push(dependsOn);
  return width;
}

/** Does every read taken at `width` decide the same at `other`? Then a render at `other` makes the same markup. */
export function decidesAlike(depends: ServerViewportReads['depends'], width: number, other: number): boolean {
  return depends.every((dependsOn) => Object.is(dependsOn(width), dependsOn(other)));
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
