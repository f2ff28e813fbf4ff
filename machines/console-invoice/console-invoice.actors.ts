/** Actors of the console's invoice page: one invoice, its journey, its customer's contacts, and a click-to-pay request. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';
import type { Invoice } from '../console-invoices/console-invoices.actors';

export type JourneyEntry = components['schemas']['JourneyEntry'];
export type Contact = components['schemas']['Contact'];
export type IssuedLink = components['schemas']['IssuedLink'];

export interface InvoiceDetail {
  invoice: Invoice;
  journey: JourneyEntry[];
  /** older entries exist beyond those shown */
  truncated: boolean;
  /** the contacts of the invoice's location (its customer), who may be sent a request */
  contacts: Contact[];
}

/** The contacts a page shows at most (a location's people: a handful, a few dozen at a large customer). */
export const CONTACTS_SHOWN = 100;

export const loadInvoice = fromPromise<InvoiceDetail, { invoiceId: string }>(async ({ input }) => {
  try {
    const [invoice, journey] = await Promise.all([
      vendorApi.GET('/invoices/{invoiceId}', { params: { path: { invoiceId: input.invoiceId } } }),
      vendorApi.GET('/invoice-journeys/{invoiceId}', { params: { path: { invoiceId: input.invoiceId } } }),
    ]);
    const found = unwrapConsole(invoice);
    const history = unwrapConsole(journey);
    const contacts = unwrapConsole(await vendorApi.GET('/contacts', { params: { query: { locationId: found.locationId, limit: CONTACTS_SHOWN } } }));
    return { invoice: found, journey: history.entries, truncated: history.truncated, contacts: contacts.contacts };
  } catch (error) {
    throw networkError(error);
  }
});

/** A click-to-pay request for this one invoice, sent to a contact by e-mail or text; once per confirmation (its key). */
export const sendPayRequest = fromPromise<IssuedLink, { invoice: Invoice; contactId: string; deliver: 'email' | 'sms'; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(
      await vendorApi.POST('/requests', {
        headers: { 'Idempotency-Key': input.idempotencyKey },
        body: { type: 'click2pay', contactId: input.contactId, locationId: input.invoice.locationId, invoiceExternalIds: [input.invoice.externalId], deliver: input.deliver },
      }),
    );
  } catch (error) {
    throw networkError(error);
  }
});
