/** Actors of the Team page's "Your passkeys": the person's passkeys, one registered (the browser's prompt), one removed. */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import { ConsoleApiError, networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Passkey = components['schemas']['Passkey'];

export const loadPasskeys = fromPromise<Passkey[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/session/passkeys')).passkeys;
  } catch (error) {
    throw networkError(error);
  }
});

/** The options to register a passkey (a challenge of this session's). */
export const loadRegistrationOptions = fromPromise<PublicKeyCredentialCreationOptionsJSON>(async () => {
  try {
    return unwrapConsole(await vendorApi.POST('/session/passkeys/options')).options as unknown as PublicKeyCredentialCreationOptionsJSON;
  } catch (error) {
    throw networkError(error);
  }
});

/** The browser's prompt to make a passkey; cancelled or timed out → status 0, code `cancelled`. */
export const createPasskey = fromPromise<RegistrationResponseJSON, { options: PublicKeyCredentialCreationOptionsJSON }>(async ({ input }) => {
  try {
    return await startRegistration({ optionsJSON: input.options });
  } catch (error) {
    throw new ConsoleApiError(0, 'cancelled', error instanceof Error ? error.message : String(error));
  }
});

export const savePasskey = fromPromise<Passkey, { name: string; credential: RegistrationResponseJSON }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.POST('/session/passkeys', { body: { name: input.name, credential: input.credential as never } }));
  } catch (error) {
    throw networkError(error);
  }
});

export const removePasskey = fromPromise<void, { passkeyId: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.DELETE('/session/passkeys/{passkeyId}', { params: { path: { passkeyId: input.passkeyId } } });
    if (!result.response.ok) unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
