/** Actors of "Write to this customer": the location's open invoices, and a template message sent to a contact. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Invoice = components['schemas']['Invoice'];
export type CreateTemplateMessage = components['schemas']['CreateTemplateMessage'];
export type TemplateMessage = components['schemas']['VendorTemplateMessage'];

/** How many of the location's open invoices the form offers (the oldest due first, as the API pages them). */
export const MESSAGE_INVOICES = 100;

export const loadOpenInvoices = fromPromise<Invoice[], { locationId: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.GET('/invoices', { params: { query: { locationId: input.locationId, status: 'open', limit: MESSAGE_INVOICES } } })).invoices;
  } catch (error) {
    throw networkError(error);
  }
});

export const sendMessage = fromPromise<TemplateMessage, { message: CreateTemplateMessage; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.POST('/template-messages', { headers: { 'Idempotency-Key': input.idempotencyKey }, body: input.message }));
  } catch (error) {
    throw networkError(error);
  }
});
