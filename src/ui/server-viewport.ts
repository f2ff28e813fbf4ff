/**
 * The viewport width a page is rendered for on the server (src/server-render/render-page.tsx renders a first screen
 * once per width class the app lays out differently: below 420 px, below 550 px, wider). The hooks that read the
 * window's width answer with it during that render; in a browser nothing provides it and they read the window.
 */
import { createContext, useContext } from 'react';

export const ServerViewportContext = createContext<number | null>(null);

/** The width the server renders for, or null in a browser. */
export function useServerViewportWidth(): number | null {
  return useContext(ServerViewportContext);
}
