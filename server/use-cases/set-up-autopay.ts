/**
 * Setting up AutoPay Plus for a location: one per location (`autopay_exists`, also guaranteed by the partial unique
 * index autopays_active_location_idx), a usable method with the current terms, a start date in the vendor's window,
 * excluded invoices of the location. When the vendor's request fixes the start date and exclusions (customer manage
 * off), the customer cannot change them (`customer_manage_disabled`). The request becomes complete, and the vendor
 * hears `autopay.enabled` from the same transaction.
 */
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { autopayRequestOf, getActiveAutopay, insertAutopay, liveAutopayOfLocation, type AutopayScope } from '../repos/autopay.js';
import { completeRequest } from '../repos/requests.js';
import { recordAuthorization, type Agreement } from './authorizations.js';
import { attempt, refuse } from './outcome.js';
import { recordAutopayEnabled } from './vendor-events.js';
import { checkLocationInvoices, checkStartDate, usableMethod, vendorRules } from './recurring-checks.js';

export interface SetUpAutopayBody {
  paymentMethodId: string;
  startDate: string;
  excludedInvoices: string[];
  epaVersion: string;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;
const exists = () => refuse('conflict', 'autopay_exists', 'AutoPay Plus is already set up for this location.');

export async function setUpAutopay(db: Db, scope: AutopayScope, body: SetUpAutopayBody, agreement: Agreement, now = new Date()) {
  return attempt(async () => {
    await db.transaction().execute(async (trx) => {
      // one AutoPay per location: the partial unique index is the guarantee; this check gives the clear refusal first
      if (await liveAutopayOfLocation(trx, scope.locationId)) throw exists();
      const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
      const rules = await vendorRules(trx, scope.vendorId, now);
      checkStartDate(body.startDate, rules);
      const excluded = await checkLocationInvoices(trx, scope, body.excludedInvoices, 'excludedInvoices');
      const request = await autopayRequestOf(trx, scope);
      const customerManage = request?.customerManage ?? true;
      if (rules.customerManageAutopay && request && !customerManage) {
        const requested = (request.excludedInvoiceIds ?? []).map((id) => id.toLowerCase());
        if ((request.startDate && toDateString(request.startDate) !== body.startDate) || !sameSet(requested, excluded)) {
          throw refuse(
            'unprocessable',
            'customer_manage_disabled',
            'The start date and excluded invoices of this AutoPay are set by your vendor and cannot be changed.',
            'startDate',
          );
        }
      }
      const authorizationId = await recordAuthorization(trx, {
        kind: 'autopay', vendorId: scope.vendorId, contactId: scope.contactId, method, agreement, now,
      });
      let autopayId: string;
      try {
        autopayId = await insertAutopay(trx, {
          vendorId: scope.vendorId,
          locationId: scope.locationId,
          contactId: scope.contactId,
          paymentMethodId: method.id,
          startDate: body.startDate,
          excludedInvoiceIds: excluded,
          customerManage,
          authorizationId,
          createdAt: now,
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw exists();
        throw error;
      }
      if (request && request.status === 'active') await completeRequest(trx, request.id);
      await recordAutopayEnabled(trx, autopayId, now);
    });
    return getActiveAutopay(db, scope.contactId, scope.locationId);
  });
}
