/**
 * An effect that brings a page to the state it settles in on arrival (a picker telling its page the method it falls
 * back to, …). In a browser it is `useEffect`. A page rendered on the server for its first screen
 * (src/server-render/render-page.tsx) runs no effects, so it would settle without that state — and the app's screen,
 * once its effect ran, would differ from the painted one. There `ServerEffectsContext` is provided and the effect runs
 * during the render, whenever its dependencies (functions aside: each pass makes new ones) differ from the last run;
 * the renderer counts the run as a change and renders again. Its cleanup is not used on the server.
 */
import { createContext, useContext, useEffect, useId, type DependencyList, type EffectCallback } from 'react';

export interface ServerEffects {
  /** Runs `effect` for the hook `id` when `deps` differ from its last run's. */
  run(id: string, deps: DependencyList, effect: EffectCallback): void;
  /** The page sends the reader to `to` on arrival (src/app/redirect.tsx): the page gets no first screen. */
  redirect(to: string): void;
  /**
   * The page sends the reader on to `to` by its answers alone — nothing of the browser's (history state, storage) goes
   * into it: the server may answer the page's request with that redirect itself (a chooser with one option, AutoPay
   * set up or not).
   */
  forward(to: string): void;
}

export const ServerEffectsContext = createContext<ServerEffects | null>(null);

export function useSettlingEffect(effect: EffectCallback, deps: DependencyList): void {
  const server = useContext(ServerEffectsContext);
  const id = useId();
  if (server) server.run(id, deps, effect);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(effect, deps);
}
