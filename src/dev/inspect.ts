/**
 * Opt-in live inspection of the running portal's actors with @statelyai/inspect — development only.
 *
 * In `vite` dev, scripts/atlas/vite-dev-inspect.ts routes the app's `createActor` / `useActorRef` / `useMachine`
 * through wrappers that pass `inspect: devInspect` to every actor. Nothing of this is in a production build: the
 * plugin only applies to the dev server, and main.tsx loads this module behind `import.meta.env.DEV`.
 *
 * Off by default. Turn it on with `?inspect` in the address (remembered in localStorage `pp:inspect`), off with
 * `?inspect=off`. The inspector opens the Stately inspector in a new window (allow the popup).
 */
import type { InspectionEvent, Observer } from 'xstate';

export const INSPECT_KEY = 'pp:inspect';

let sink: Observer<InspectionEvent> | null = null;
let buffer: InspectionEvent[] | null = null;

/** Whether inspection is on, after applying `?inspect` / `?inspect=off` from the address. */
export function inspectionWanted(location: Pick<Location, 'search'> = window.location, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage): boolean {
  const flag = new URLSearchParams(location.search).get('inspect');
  try {
    if (flag === 'off' || flag === '0' || flag === 'false') storage.removeItem(INSPECT_KEY);
    else if (flag !== null) storage.setItem(INSPECT_KEY, '1');
    return storage.getItem(INSPECT_KEY) === '1';
  } catch {
    return flag !== null && flag !== 'off';
  }
}

/** The `inspect` option given to every actor in development; a no-op unless inspection is on. */
export const devInspect = (event: InspectionEvent) => {
  if (sink) sink.next?.(event);
  else if (buffer) buffer.push(event);
};

/** Starts the inspector when wanted (called once by main.tsx in development). */
export async function startDevInspection(): Promise<boolean> {
  if (sink || buffer || !inspectionWanted()) return Boolean(sink || buffer);
  buffer = [];
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  sink = inspector.inspect;
  for (const event of buffer) sink.next?.(event);
  buffer = null;
  return true;
}
