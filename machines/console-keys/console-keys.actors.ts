/** Actors of the console's API keys: the vendor API's keys, created (the secret shown once) and revoked. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type ApiKey = components['schemas']['ApiKey'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];

export const loadKeys = fromPromise<ApiKey[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/keys')).keys;
  } catch (error) {
    throw networkError(error);
  }
});

export const createKey = fromPromise<CreatedApiKey, { name: string; access: 'full' | 'read'; expiresAt: string | null; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/keys', {
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: { name: input.name, access: input.access, expiresAt: input.expiresAt },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export const revokeKey = fromPromise<ApiKey, { keyId: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.DELETE('/keys/{keyId}', { params: { path: { keyId: input.keyId } } }));
  } catch (error) {
    throw networkError(error);
  }
});
