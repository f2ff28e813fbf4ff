/** Development only (see ./inspect.ts): `xstate` with `createActor` passing the dev inspector. */
import { createActor as createActorOriginal } from 'xstate';
import { devInspect } from './inspect';

export * from 'xstate';

export const createActor = ((logic: any, options?: any) =>
  createActorOriginal(logic, { ...options, inspect: options?.inspect ?? devInspect })) as typeof createActorOriginal;
