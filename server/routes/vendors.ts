/** Tag `vendors`: the contact's vendors. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { listVendorsOfContact } from '../repos/vendors.js';
import type { RouteDeps } from './deps.js';

export function vendorHandlers({ db }: RouteDeps): Handlers {
  return {
    async listVendors(request) {
      return { vendors: await listVendorsOfContact(db, authOf(request)) };
    },
  };
}
