/**
 * `deletePaymentMethod`: soft delete; refused (`payment_method_in_use`) while an active AutoPay or an active payment
 * plan uses it. Scheduled payment groups paying with it are canceled in the same transaction when the customer
 * confirmed that (`cancelScheduledPayments`), else refused (`scheduled_payments_exist`) — settlement never pays with
 * a deleted method. A canceled group's invoices are payable again unless another scheduled group still pays them,
 * and each gets a "Payment Canceled" journey entry. The vendor hears `payment_method.deleted` (with the canceled
 * groups) from the same transaction.
 */
import type { Db } from '../db/connect.js';
import { scheduledGroupIdsOfMethod } from '../repos/payment-groups.js';
import { lockLiveMethod, markMethodDeleted, methodUsage, type MethodScope } from '../repos/payment-methods.js';
import { cancelScheduledGroups } from './cancel-scheduled-groups.js';
import { attempt, refuse, type Outcome } from './outcome.js';
import { recordPaymentMethodEvent } from './vendor-events.js';

export const PAYMENT_METHOD_IN_USE_MESSAGE =
  'This payment method is used by AutoPay or a payment plan and cannot be deleted. Please contact your representative.';
/** A delete without `cancelScheduledPayments` while scheduled payments use the method. */
export const SCHEDULED_PAYMENTS_EXIST_MESSAGE =
  'Scheduled payments use this payment method. Deleting it cancels them: confirm that to delete it.';

export async function deletePaymentMethod(
  db: Db,
  scope: MethodScope,
  id: string,
  options: { cancelScheduledPayments?: boolean } = {},
  now = new Date(),
): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const method = await lockLiveMethod(trx, scope, id, 'update');
      if (!method) throw refuse('not_found', 'not_found', 'The payment method was not found.');
      const usage = await methodUsage(trx, id);
      if (usage.hasAutopay || usage.hasPaymentPlan) throw refuse('conflict', 'payment_method_in_use', PAYMENT_METHOD_IN_USE_MESSAGE);
      let canceled: string[] = [];
      if (usage.hasScheduledPayment) {
        if (!options.cancelScheduledPayments) throw refuse('conflict', 'scheduled_payments_exist', SCHEDULED_PAYMENTS_EXIST_MESSAGE);
        // the method is the scope's (checked and locked above); cancelScheduledGroups keeps only the scope's groups
        const groupIds = await scheduledGroupIdsOfMethod(trx, id);
        canceled = await cancelScheduledGroups(trx, scope, groupIds, { kind: 'method-deleted', methodLabel: `${method.name} ${method.lastFour}` }, now);
      }
      await markMethodDeleted(trx, id, now);
      await recordPaymentMethodEvent(trx, scope, { type: 'payment_method.deleted', methodId: method.id, canceledPaymentGroupIds: canceled }, now);
    }),
  );
}
