/** Actors of the console's dispute page: one dispute with its replies; a reply; resolve and reopen. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type DisputeDetail = components['schemas']['DisputeDetail'];

const path = (disputeId: string) => ({ params: { path: { disputeId } } });

export const loadDispute = fromPromise<DisputeDetail, { disputeId: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.GET('/disputes/{disputeId}', path(input.disputeId)));
  } catch (error) {
    throw networkError(error);
  }
});

export const sendReply = fromPromise<DisputeDetail, { disputeId: string; text: string; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/disputes/{disputeId}/replies', { ...path(input.disputeId), headers: { 'Idempotency-Key': input.idempotencyKey }, body: { text: input.text } }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

/** Resolve (`resolved`) or reopen it. */
export const setResolved = fromPromise<DisputeDetail, { disputeId: string; resolved: boolean; idempotencyKey: string }>(async ({ input }) => {
  try {
    const options = { ...path(input.disputeId), headers: { 'Idempotency-Key': input.idempotencyKey } };
    return unwrapConsole(input.resolved ? await vendorApi.POST('/disputes/{disputeId}/resolve', options) : await vendorApi.POST('/disputes/{disputeId}/reopen', options));
  } catch (error) {
    throw networkError(error);
  }
});
