/** Actors of the console's customer page: a location and its contacts; a login link or a request sent to one. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';
import type { Location } from '../console-customers/console-customers.actors';

export type Contact = components['schemas']['Contact'];
export type IssuedLink = components['schemas']['IssuedLink'];
/** What can be sent to a contact from here: a login link, a statement, an invitation to AutoPay. */
export type SendKind = 'login' | 'statement' | 'autopay';

export interface CustomerDetail {
  location: Location;
  contacts: Contact[];
}

export const CONTACTS_SHOWN = 100;

export const loadCustomer = fromPromise<CustomerDetail, { locationId: string }>(async ({ input }) => {
  try {
    const [location, contacts] = await Promise.all([
      vendorApi.GET('/locations/{locationId}', { params: { path: { locationId: input.locationId } } }),
      vendorApi.GET('/contacts', { params: { query: { locationId: input.locationId, limit: CONTACTS_SHOWN } } }),
    ]);
    return { location: unwrapConsole(location), contacts: unwrapConsole(contacts).contacts };
  } catch (error) {
    throw networkError(error);
  }
});

export const sendToContact = fromPromise<IssuedLink, { locationId: string; contactId: string; kind: SendKind; deliver: 'email' | 'sms'; idempotencyKey: string }>(async ({ input }) => {
  try {
    const headers = { 'Idempotency-Key': input.idempotencyKey };
    if (input.kind === 'login') {
      return unwrapConsole(await vendorApi.POST('/contacts/{contactId}/login-link', { params: { path: { contactId: input.contactId } }, headers, body: { deliver: input.deliver } }));
    }
    return unwrapConsole(await vendorApi.POST('/requests', { headers, body: { type: input.kind, contactId: input.contactId, locationId: input.locationId, deliver: input.deliver } }));
  } catch (error) {
    throw networkError(error);
  }
});
