/**
 * While the browser hydrates a token page the server rendered (src/main.tsx, docs/token-page-hydration.md): what the
 * server's actors reached, by the React id of the hook that made each, and the session's slices by slice. The browser
 * build's `useActorRef` (src/app/xstate-react-client.ts) creates each hook's actor from its snapshot, and the token
 * guard's session starts its slices from theirs (src/app/token-guard.tsx): the first render is the server's, with no
 * request, and hydrates the markup as it is.
 *
 * A snapshot is only handed to the machine it came from, and as often as the hydrating render asks (React may restart
 * an interrupted render, running the hooks' initializers again). Everything is dropped once the hydration has
 * committed, so a hook mounted later (whose id may happen to be one of these) starts fresh.
 *
 * No imports: this module sits in XState's chunk beside the hooks that read it.
 */

/** One actor's snapshot: the machine (its id) it belongs to and its persisted snapshot (core/api/hydration.ts). */
interface Restorable {
  machine: string;
  snapshot: unknown;
}

export interface Hydration {
  /** The hooks' actors by their `useId`. */
  actors: Record<string, Restorable>;
  /** The session's slices (`vendors`, `locations/<vendor>`, …). */
  session: Record<string, Restorable>;
  /** The token the page was rendered for. */
  token: string;
}

/** Set on `<html>` once the app has hydrated the page the server rendered (its nodes are the painted ones). */
export const HYDRATED_ATTRIBUTE = 'data-pp-hydrated';
/** Set on `<html>` when React could not hydrate part of it as it was and rendered that part anew. */
export const HYDRATION_ERROR_ATTRIBUTE = 'data-pp-hydration-error';

let current: Hydration | null = null;

export function beginHydration(hydration: Hydration): void {
  current = hydration;
}

/** The hydration under way, if any. */
export function hydration(): Hydration | null {
  return current;
}

export function endHydration(): void {
  current = null;
}

/**
 * A machine's id (what a snapshot is restored into, on the server and here); undefined for other logic (a promise's,
 * a callback's). Duck-typed, so this module imports nothing.
 */
export function machineId(logic: unknown): string | undefined {
  const id = (logic as { id?: unknown; config?: unknown }).id;
  return typeof id === 'string' && (logic as { config?: unknown }).config !== undefined ? id : undefined;
}

/** The snapshot of the hook `id` when it was made by `machine`. */
export function actorSnapshot(id: string, machine: string | undefined): unknown {
  const entry = current?.actors[id];
  return entry && machine !== undefined && entry.machine === machine ? entry.snapshot : undefined;
}

/** The session's slices when the page being hydrated is `token`'s. */
export function sessionSnapshots(token: string): Record<string, Restorable> | undefined {
  return current && current.token === token ? current.session : undefined;
}
