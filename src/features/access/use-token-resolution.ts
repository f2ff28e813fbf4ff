import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectTokenResolution, type TokenResolutionApi } from '../../../machines/token-resolution/token-resolution.connect';
import { tokenResolutionMachine } from '../../../machines/token-resolution/token-resolution.machine';
import { savedActionOfLink } from '../../../machines/replay/replay.types';
import { useReplay } from '../../app/replay-scope';
import { ServerEffectsContext } from '../../ui/settling-effect';

/**
 * Resolves `token` once (the caller keys the component by token) and navigates, replacing the
 * entry URL so "back" does not resolve the link again. What the page shows is `connectTokenResolution`.
 *
 * Rendered on the server (src/server-render/render-page.tsx), the same chart's redirect is the server's own answer to
 * the request (`forward`: a 302 to the link's page, which then comes with its first screen) — unless the link saves an
 * action to replay (an AutoPay or click-to-pay request link), which only the browser can keep: that page is sent, and
 * resolves there as before.
 */
export function useTokenResolution(token: string): TokenResolutionApi {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const replay = useReplay();
  const server = useContext(ServerEffectsContext);
  const logic = useMemo(() => {
    // set by saveReplay, which the chart runs before redirectToTarget (both on the token info's answer)
    let replaySaved = false;
    return tokenResolutionMachine.provide({
      actions: {
        redirectToTarget: (_, params: { to: string }) => {
          if (!server) navigateRef.current(params.to, { replace: true });
          else if (!replaySaved) server.forward(params.to);
        },
        // An AutoPay or click-to-pay request link saves its action; it replays once its location has loaded.
        saveReplay: (_, params) => {
          const action = savedActionOfLink(params.token, params.info, new Date().toISOString());
          if (!action) return;
          replaySaved = true;
          if (!server) replay?.send({ type: 'replay.save', action });
        },
      },
    });
  }, [replay, server]);
  const actorRef = useActorRef(logic, { input: { token } });
  const snapshot = useSelector(actorRef, (s) => s);
  return useMemo(() => connectTokenResolution(snapshot), [snapshot]);
}
