/**
 * `@xstate/react` as the server-side build sees it (scripts/build/prerender.ts resolves the app's imports of it here):
 * the same hooks, except that `useActorRef` and `useMachine` take their actor from the render's ServerActors
 * (./actors.ts), started, when the page is rendered for its first screen. Without one (the landing pages' build-time
 * render) an actor is created and not started, as `@xstate/react` does on a server.
 */
import { useContext, useId, useState } from 'react';
import { createActor, type AnyActorLogic, type AnyActorRef } from 'xstate';
import { useActorRef as useActorRefOriginal, useSelector } from '@xstate/react';
import { ServerActorsContext } from './actors';

export * from '@xstate/react';

export const useActorRef = ((logic: AnyActorLogic, options?: object) => {
  const store = useContext(ServerActorsContext);
  const id = useId();
  const [idle] = useState<AnyActorRef | null>(() => (store ? null : createActor(logic, options as never)));
  return store ? store.actor(id, logic, options) : idle!;
}) as unknown as typeof useActorRefOriginal;

export const useActor = ((logic: AnyActorLogic, options?: object) => {
  const actorRef = (useActorRef as unknown as (l: AnyActorLogic, o?: object) => AnyActorRef)(logic, options);
  const snapshot = useSelector(actorRef, (s) => s);
  return [snapshot, actorRef.send, actorRef];
}) as unknown as typeof import('@xstate/react').useActor;

export const useMachine = useActor as unknown as typeof import('@xstate/react').useMachine;
