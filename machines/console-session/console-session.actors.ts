/** Actors of the console's frame: who is signed in, and signing out. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { ConsoleSession } from '../console-sign-in/console-sign-in.actors';

export const loadSession = fromPromise<ConsoleSession>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/session'));
  } catch (error) {
    throw networkError(error);
  }
});

/** `everywhere`: every session of the person (DELETE /sessions), else this browser's (DELETE /session). */
export const endSession = fromPromise<void, { everywhere: boolean }>(async ({ input }) => {
  try {
    unwrapConsole(input.everywhere ? await vendorApi.DELETE('/sessions') : await vendorApi.DELETE('/session'));
  } catch (error) {
    throw networkError(error);
  }
});
