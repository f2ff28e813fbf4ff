/**
 * Tells a page's chart that the page is on the reader's screen (`page.shown`), once it is: the writes a visit makes (a
 * dashboard's visit, a statement's request mark, an ad's impression) wait for it. An effect, which the server's render
 * of a page's first screen never runs (it only reads, src/server-render/render-page.tsx): the browser hydrates that
 * render, then the chart writes — once, whatever the chart does with a second `page.shown`.
 */
import { useEffect } from 'react';

export interface PageShownReceiver {
  send(event: { type: 'page.shown' }): void;
}

export function usePageShown(actor: PageShownReceiver): void {
  useEffect(() => actor.send({ type: 'page.shown' }), [actor]);
}
