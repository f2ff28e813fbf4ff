/** Actors of the console's webhook endpoints: the vendor API's endpoints, their delivery attempts, a test event. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type CreatedWebhookEndpoint = components['schemas']['CreatedWebhookEndpoint'];

export const loadEndpoints = fromPromise<WebhookEndpoint[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/webhook-endpoints')).endpoints;
  } catch (error) {
    throw networkError(error);
  }
});

export const createEndpoint = fromPromise<CreatedWebhookEndpoint, { url: string; description: string; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/webhook-endpoints', {
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: { url: input.url, ...(input.description ? { description: input.description } : {}) },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export const loadAttempts = fromPromise<WebhookAttempt[], { endpointId: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.GET('/webhook-endpoints/{endpointId}/attempts', { params: { path: { endpointId: input.endpointId } } })).attempts;
  } catch (error) {
    throw networkError(error);
  }
});

/** A signed `ping` sent to the endpoint now: the attempt it made (the receiver's answer, or why none came). */
export const sendTest = fromPromise<WebhookAttempt, { endpointId: string; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/webhook-endpoints/{endpointId}/test', { params: { path: { endpointId: input.endpointId } }, headers: { 'Idempotency-Key': input.idempotencyKey } }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export const setEnabled = fromPromise<WebhookEndpoint, { endpointId: string; enabled: boolean }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.PATCH('/webhook-endpoints/{endpointId}', { params: { path: { endpointId: input.endpointId } }, body: { enabled: input.enabled } }));
  } catch (error) {
    throw networkError(error);
  }
});

/** A new signing secret; the old one keeps signing for the overlap, so the receiver can switch without a failure. */
export const rotateSecret = fromPromise<CreatedWebhookEndpoint, { endpointId: string; overlapHours: number; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/webhook-endpoints/{endpointId}/rotate-secret', {
        params: { path: { endpointId: input.endpointId } },
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: { overlapHours: input.overlapHours },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});

export const deleteEndpoint = fromPromise<void, { endpointId: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.DELETE('/webhook-endpoints/{endpointId}', { params: { path: { endpointId: input.endpointId } } });
    if (!result.response.ok) unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
