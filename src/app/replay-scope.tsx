/**
 * The replay of saved actions (`machines/replay`) for the token area: the actor lives under the token guard,
 * not in the root layout, so the landing page carries none of it. Its state is the persisted slice's
 * `replay` (saved through the persisted actor); a 401/403 clears it with the rest of the session (`sessionCleared`).
 */
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { replayMachine } from '../../machines/replay/replay.machine';
import type { ReplayState } from '../../machines/replay/replay.types';
import { useAppServices } from './app-services';

export type ReplayActor = ActorRefFrom<typeof replayMachine>;

const ReplayContext = createContext<ReplayActor | null>(null);

/** The replay actor, or null outside the token area (pages rendered alone in tests replay nothing). */
export function useReplay(): ReplayActor | null {
  return useContext(ReplayContext);
}

export function ReplayScope({ children }: { children: ReactNode }) {
  const { persisted, sessionCleared } = useAppServices();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const replayLogic = useMemo(
    () =>
      replayMachine.provide({
        actions: {
          // Replays navigate with `replace`.
          goToSavedActionPage: (_, params: { to: string }) => {
            if (params.to && window.location.pathname !== params.to) navigateRef.current(params.to, { replace: true });
          },
          save: (_, replay: ReplayState) => persisted.send({ type: 'persisted.replay', replay }),
        },
      }),
    [persisted],
  );
  const replay = useActorRef(replayLogic, { input: persisted.getSnapshot().context.replay });
  useEffect(() => sessionCleared.subscribe(() => replay.send({ type: 'replay.clear' })), [sessionCleared, replay]);
  return <ReplayContext.Provider value={replay}>{children}</ReplayContext.Provider>;
}
