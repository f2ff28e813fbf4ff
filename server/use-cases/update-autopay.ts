/**
 * Changing a live AutoPay: its payment method (usable, with the current terms), or which invoices it leaves out —
 * the latter only when the customer manages it (`customer_manage_disabled` when the vendor's request fixed them).
 * A change the vendor hears as `autopay.updated`, from the same transaction; a change to what AutoPay already has
 * (the same method, exclusions that end as they were) is none, and says nothing. A method change stores the customer's
 * agreement to the terms as the AutoPay's new authorization record (the earlier one stays, with the payments made
 * under it).
 */
import type { Db } from '../db/connect.js';
import { getActiveAutopay, lockAutopay, setAutopayExclusions, setAutopayMethod, type AutopayScope } from '../repos/autopay.js';
import { recordAuthorization, type Agreement } from './authorizations.js';
import { attempt, notFoundRefusal, refuse, Refused, type Outcome } from './outcome.js';
import { checkLocationInvoices, usableMethod, vendorRules } from './recurring-checks.js';
import { recordAutopayUpdated } from './vendor-events.js';

/** The contact's live AutoPay `id` at the location, locked for update; refused as not found when it is not. */
export async function lockedAutopay(trx: Db, scope: AutopayScope, id: string) {
  const row = await lockAutopay(trx, scope, id);
  if (!row) throw new Refused(notFoundRefusal('AutoPay'));
  return row;
}

export async function changeAutopayMethod(
  db: Db,
  scope: AutopayScope,
  id: string,
  body: { paymentMethodId: string; epaVersion: string },
  agreement: Agreement,
  now = new Date(),
) {
  return attempt(async () => {
    await db.transaction().execute(async (trx) => {
      const autopay = await lockedAutopay(trx, scope, id);
      const method = await usableMethod(trx, scope, body.paymentMethodId, body.epaVersion);
      if (method.id === autopay.paymentMethodId) return;
      // the terms were agreed to for the new method: AutoPay payments made from now on carry this record
      const authorizationId = await recordAuthorization(trx, { kind: 'autopay', vendorId: scope.vendorId, contactId: scope.contactId, method, agreement, now });
      await setAutopayMethod(trx, autopay.id, method.id, authorizationId);
      await recordAutopayUpdated(trx, autopay.id, { paymentMethodId: autopay.paymentMethodId }, now);
    });
    return getActiveAutopay(db, scope.contactId, scope.locationId);
  });
}

export async function updateAutopayExclusions(
  db: Db,
  scope: AutopayScope,
  id: string,
  body: { excludeInvoiceIds: string[]; reincludeInvoiceIds: string[] },
  now = new Date(),
): Promise<Outcome<Awaited<ReturnType<typeof getActiveAutopay>>>> {
  const exclude = body.excludeInvoiceIds.map((i) => i.toLowerCase());
  const reinclude = body.reincludeInvoiceIds.map((i) => i.toLowerCase());
  return attempt(async () => {
    const both = exclude.find((i) => reinclude.includes(i));
    if (both) throw refuse('invalid', 'validation_failed', `reincludeInvoiceIds: ${both} is also in excludeInvoiceIds`, 'reincludeInvoiceIds');
    await db.transaction().execute(async (trx) => {
      const autopay = await lockedAutopay(trx, scope, id);
      const rules = await vendorRules(trx, scope.vendorId, now);
      if (rules.customerManageAutopay && !autopay.customerManage) {
        throw refuse('unprocessable', 'customer_manage_disabled', 'The excluded invoices of this AutoPay are set by your vendor and cannot be changed.');
      }
      await checkLocationInvoices(trx, scope, [...exclude, ...reinclude], 'excludeInvoiceIds');
      const before = new Set((autopay.excludedInvoiceIds ?? []).map((i) => i.toLowerCase()));
      const next = new Set(before);
      for (const i of exclude) next.add(i);
      for (const i of reinclude) next.delete(i);
      if (next.size === before.size && [...before].every((i) => next.has(i))) return;
      await setAutopayExclusions(trx, autopay.id, [...next]);
      await recordAutopayUpdated(trx, autopay.id, { excludedInvoiceIds: [...before] }, now);
    });
    return getActiveAutopay(db, scope.contactId, scope.locationId);
  });
}
