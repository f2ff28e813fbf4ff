/** Development only (see ./inspect.ts): `@xstate/react` with `useActorRef` / `useMachine` passing the dev inspector. */
import { useActorRef as useActorRefOriginal, useMachine as useMachineOriginal } from '@xstate/react';
import { devInspect } from './inspect';

export * from '@xstate/react';

export const useActorRef = ((logic: any, options?: any, observer?: any) =>
  useActorRefOriginal(logic, { ...options, inspect: options?.inspect ?? devInspect }, observer)) as typeof useActorRefOriginal;

export const useMachine = ((logic: any, options?: any) =>
  useMachineOriginal(logic, { ...options, inspect: options?.inspect ?? devInspect })) as typeof useMachineOriginal;
