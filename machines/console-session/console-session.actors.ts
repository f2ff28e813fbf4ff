/** Actors of the console's frame: who is signed in, signing out, and the passkey asked after the sign-in link. */
import { startAuthentication, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { ConsoleApiError, networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
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

/** The options to use a passkey: a challenge of this session's (POST /session/second-factor/options). */
export const loadPasskeyOptions = fromPromise<PublicKeyCredentialRequestOptionsJSON>(async () => {
  try {
    return unwrapConsole(await vendorApi.POST('/session/second-factor/options')).options as unknown as PublicKeyCredentialRequestOptionsJSON;
  } catch (error) {
    throw networkError(error);
  }
});

/**
 * The browser's passkey prompt (WebAuthn through @simplewebauthn/browser): the person chooses a passkey and confirms
 * it. Cancelled or timed out → an error of status 0 with code `cancelled`.
 */
export const usePasskey = fromPromise<AuthenticationResponseJSON, { options: PublicKeyCredentialRequestOptionsJSON }>(async ({ input }) => {
  try {
    return await startAuthentication({ optionsJSON: input.options });
  } catch (error) {
    throw new ConsoleApiError(0, 'cancelled', error instanceof Error ? error.message : String(error));
  }
});

/** The passkey's answer, verified by the server: the session as it now is. */
export const verifyPasskey = fromPromise<ConsoleSession, { credential: AuthenticationResponseJSON }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.POST('/session/second-factor', { body: { credential: input.credential as never } }));
  } catch (error) {
    throw networkError(error);
  }
});
