/** Actors of the console's Team page (tag team of openapi/vendor.yaml). */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type VendorUser = components['schemas']['VendorUser'];
export type VendorRole = components['schemas']['VendorRole'];

export const loadTeam = fromPromise<VendorUser[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/users')).users;
  } catch (error) {
    throw networkError(error);
  }
});

export const inviteUser = fromPromise<VendorUser, { email: string; name: string; role: VendorRole }>(async ({ input }) => {
  try {
    const body = { email: input.email.trim(), role: input.role, ...(input.name.trim() ? { name: input.name.trim() } : {}) };
    return unwrapConsole(await vendorApi.POST('/users', { body, headers: { 'Idempotency-Key': crypto.randomUUID() } })).user;
  } catch (error) {
    throw networkError(error);
  }
});

export const changeRole = fromPromise<VendorUser, { userId: string; role: VendorRole }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.PATCH('/users/{userId}', { params: { path: { userId: input.userId } }, body: { role: input.role } })).user;
  } catch (error) {
    throw networkError(error);
  }
});

export const removeUser = fromPromise<void, { userId: string }>(async ({ input }) => {
  try {
    unwrapConsole(await vendorApi.DELETE('/users/{userId}', { params: { path: { userId: input.userId } } }));
  } catch (error) {
    throw networkError(error);
  }
});
