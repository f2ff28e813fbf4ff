import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectTokenResolution, type TokenResolutionApi } from '../../../machines/token-resolution/token-resolution.connect';
import { tokenResolutionMachine } from '../../../machines/token-resolution/token-resolution.machine';
import { savedActionOfLink } from '../../../machines/replay/replay.types';
import { useReplay } from '../../app/replay-scope';

/**
 * Resolves `token` once (the caller keys the component by token) and navigates, replacing the
 * entry URL so "back" does not resolve the link again. What the page shows is `connectTokenResolution`.
 */
export function useTokenResolution(token: string): TokenResolutionApi {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const replay = useReplay();
  const logic = useMemo(
    () =>
      tokenResolutionMachine.provide({
        actions: {
          redirectToTarget: (_, params: { to: string }) => navigateRef.current(params.to, { replace: true }),
          // An AutoPay or click-to-pay request link saves its action; it replays once its location has loaded.
          saveReplay: (_, params) => {
            const action = savedActionOfLink(params.token, params.info, new Date().toISOString());
            if (action) replay?.send({ type: 'replay.save', action });
          },
        },
      }),
    [replay],
  );
  const actorRef = useActorRef(logic, { input: { token } });
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectTokenResolution(snapshot), [snapshot]);
}
