import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { tokenResolutionMachine } from '../../../machines/token-resolution/token-resolution.machine';
import { selectIsResolving } from '../../../machines/token-resolution/token-resolution.selectors';

/**
 * Resolves `token` once (the caller keys the component by token) and navigates, replacing the
 * entry URL so "back" does not resolve the link again.
 */
export function useTokenResolution(token: string): { isResolving: boolean } {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const logic = useMemo(
    () =>
      tokenResolutionMachine.provide({
        actions: { navigate: (_, params: { to: string }) => navigateRef.current(params.to, { replace: true }) },
      }),
    [],
  );
  const actorRef = useActorRef(logic, { input: { token } });
  const isResolving = useSelector(actorRef, selectIsResolving);
  return { isResolving };
}
