/**
 * `@xstate/react` as the browser build sees it (vite.config.ts resolves the app's imports of it here; the dev server
 * and the tests use the package as it is): the same hooks, except that `useSelector` renders an actor's change as a
 * transition while the page's first screen is painted from its HTML (src/ui/first-screen.ts).
 *
 * Why: the app renders unseen beneath that screen, and what makes its render heavy is an answer arriving — an actor
 * changes, and `useSyncExternalStore` renders every change in one synchronous piece (the pay page's rows, calendar and
 * method picker: one long task on a slow phone). Nobody sees or touches the app until it takes the screen's place (a tap
 * meanwhile is replayed then), so there is nothing to keep in step: the change is rendered in a transition, which React
 * slices, yielding to the browser every few milliseconds. Once the screen is gone, every change renders at once again,
 * as the package does (a controlled input must never lag behind its value).
 */
import { startTransition, useId, useLayoutEffect, useMemo, useReducer } from 'react';
import { useActorRef as useActorRefOriginal, useSelector as useSelectorOriginal } from '@xstate/react';
import type { AnyActorLogic, AnyActorRef, Observer, SnapshotFrom } from 'xstate';
import { actorSnapshot, machineId } from './hydration-state';

export * from '@xstate/react';

/**
 * The package's `useActorRef`, keyed as the server's is (src/server-render/xstate-react-server.ts): it calls `useId`
 * at the same place, so every id below it in the component is the one the server's markup holds; and while a page the
 * server rendered is hydrated (src/app/hydration-state.ts) the actor starts from the snapshot the server's actor of
 * that hook reached — the first render is the server's, with nothing asked.
 */
export const useActorRef = ((logic: AnyActorLogic, options?: object, observer?: unknown) => {
  const id = useId();
  const restored = actorSnapshot(id, machineId(logic));
  const withSnapshot = restored === undefined ? options : { ...(options ?? {}), snapshot: restored };
  return (useActorRefOriginal as unknown as (l: AnyActorLogic, o?: object, ob?: unknown) => AnyActorRef)(logic, withSnapshot, observer);
}) as unknown as typeof useActorRefOriginal;

/** `useActor` / `useMachine` over the `useActorRef` above (the server's build defines them the same way). */
export const useActor = ((logic: AnyActorLogic, options?: object) => {
  const actorRef = (useActorRef as unknown as (l: AnyActorLogic, o?: object) => AnyActorRef)(logic, options);
  const snapshot = useSelector(actorRef, (s) => s);
  return [snapshot, actorRef.send, actorRef];
}) as unknown as typeof import('@xstate/react').useActor;

export const useMachine = useActor as unknown as typeof import('@xstate/react').useMachine;

// FIRST_SCREEN_ID of src/ui/first-screen.ts, spelled here: importing it would pull that module into this one's chunk
// (XState's, vite.config.ts) and so XState into every page that releases a first screen — the landing pages too.
const underFirstScreen = () => typeof document !== 'undefined' && document.getElementById('pp-first-screen') !== null;

type Subscribable = Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>;

/**
 * Changes taken under a first screen, all in one transition a task later: every actor's change since the last flush is
 * taken at the same moment and rendered in the same render, so no component sees one actor's new state beside
 * another's old one (what `useSyncExternalStore` guarantees, and a frame that shows its page once its bar is known
 * relies on).
 */
const pending = new Set<() => void>();
let flushing = false;
/** Subscriptions that took a change their component has not yet committed. */
const uncommitted = new Set<object>();

/**
 * APP_UPDATING_ATTRIBUTE of src/ui/first-screen.ts (spelled here for the reason above) on `<html>` while a change is
 * pending or taken and not yet committed: the first screen is not released in between (the app's screen would look
 * settled with, say, its frame shown and its page not yet there).
 */
function markUpdating(): void {
  if (typeof document === 'undefined') return;
  const updating = pending.size > 0 || uncommitted.size > 0;
  if (updating !== document.documentElement.hasAttribute('data-pp-updating')) document.documentElement.toggleAttribute('data-pp-updating', updating);
}

function takeLater(take: () => void): void {
  pending.add(take);
  markUpdating();
  if (flushing) return;
  flushing = true;
  setTimeout(() => {
    flushing = false;
    const takes = [...pending];
    pending.clear();
    startTransition(() => {
      for (const take of takes) take();
    });
    markUpdating();
  }, 0);
}

interface RoutedActor extends Subscribable {
  /** The component committed a render that read `snapshot`. */
  committed(snapshot: unknown): void;
  /** Called as the component renders: a change taken under a first screen becomes what it reads from now on. */
  rendering(): void;
}

/**
 * The actor as the package's `useSelector` reads it: the snapshot it last took. Under a first screen a change is taken
 * by `takeLater` and rendered in its transition (`rerender`); otherwise it is handed on at once, as the package does. A
 * change between the render and the subscription (an actor started in an effect, as `useActorRef` does) is taken the
 * same way: React checks for one right after subscribing and would render it synchronously.
 */
function routedActor(actor: Subscribable, rerender: () => void): RoutedActor {
  // `current` is what `useSyncExternalStore` reads; `latest` the last change taken. Under a first screen a change is
  // only `latest` until the component renders it: had it become `current` at once, a transition render still in progress
  // (React yields between slices, and a change can be taken in between) would read a store that changed under it, and
  // React renders such a store's component again synchronously — the whole page, one long task.
  let current: unknown = actor.getSnapshot();
  let latest = current;
  const mark = {};
  return {
    getSnapshot: () => current,
    rendering() {
      current = latest;
    },
    committed(snapshot) {
      if (snapshot !== latest || !uncommitted.delete(mark)) return;
      markUpdating();
    },
    subscribe: ((observer: Observer<unknown>) => {
      let closed = false;
      const take = () => {
        const next = actor.getSnapshot();
        if (closed || next === latest) return;
        latest = next;
        if (underFirstScreen()) {
          uncommitted.add(mark);
          rerender();
        } else {
          current = next;
          observer.next?.(next);
        }
      };
      const changed = () => (underFirstScreen() ? takeLater(take) : take());
      const subscription = actor.subscribe({
        next: changed,
        error: (error: unknown) => {
          current = latest = actor.getSnapshot();
          observer.error?.(error);
        },
      });
      changed();
      return {
        unsubscribe() {
          closed = true;
          subscription.unsubscribe();
          if (uncommitted.delete(mark)) markUpdating();
        },
      };
    }) as AnyActorRef['subscribe'],
  };
}

export const useSelector = (<TActor extends Subscribable | undefined, T>(
  actor: TActor,
  selector: (snapshot: TActor extends Subscribable ? SnapshotFrom<TActor> : undefined) => T,
  compare?: (a: T, b: T) => boolean,
): T => {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const routed = useMemo(() => actor && routedActor(actor, rerender), [actor]);
  routed?.rendering();
  const value = useSelectorOriginal(routed as never, selector as never, compare as never) as T;
  const rendered = routed?.getSnapshot();
  useLayoutEffect(() => routed?.committed(rendered));
  return value;
}) as typeof useSelectorOriginal;
