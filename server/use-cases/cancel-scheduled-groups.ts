/**
 * Cancels, in the caller's transaction, those of `groupIds` that are the scope's and still scheduled. Each paying
 * line (a dispute line, $0, schedules nothing: the dispute stands) gets a "Payment Canceled" journey entry saying
 * `reason`; its invoice is payable and open again unless another scheduled group still pays it. Answers the ids
 * canceled. A step of turning AutoPay off and of deleting a method with the customer's confirmation; it refuses
 * nothing.
 */
import { movePaymentGroup } from '../../core/rules/payment-group-lifecycle.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { canceledDetail, type CancelReason } from '../domain/journey-text.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { recordPaymentGroupEvent } from './vendor-events.js';
import {
  invoicesStillScheduled,
  lockScheduledGroups,
  payingLinesOf,
  reopenScheduledInvoices,
  setGroupsStatus,
  type GroupScope,
} from '../repos/payment-groups.js';

export type { CancelReason } from '../domain/journey-text.js';

export async function cancelScheduledGroups(trx: Db, scope: GroupScope, groupIds: readonly string[], reason: CancelReason, now: Date): Promise<string[]> {
  const groups = await lockScheduledGroups(trx, scope, groupIds);
  if (groups.length === 0) return [];
  const canceled = groups.map((g) => g.id);
  await setGroupsStatus(trx, canceled, movePaymentGroup('scheduled', 'payment.cancel'));
  for (const id of canceled) await recordPaymentGroupEvent(trx, 'payment_group.canceled', id, now);

  const lines = await payingLinesOf(trx, canceled);
  if (lines.length === 0) return canceled;
  const invoiceIds = [...new Set(lines.map((l) => l.invoiceId))];
  const stillScheduled = await invoicesStillScheduled(trx, scope, invoiceIds);
  await reopenScheduledInvoices(
    trx,
    scope,
    invoiceIds.filter((invoiceId) => !stillScheduled.has(invoiceId)),
    now,
  );
  const byId = new Map(groups.map((g) => [g.id, g]));
  await addJourneyEntries(
    trx,
    lines.map((line) => {
      const group = byId.get(line.paymentGroupId)!;
      return {
        invoiceId: line.invoiceId,
        contactId: group.contactId,
        action: 'Payment Canceled',
        detail: canceledDetail(reason, {
          paidCents: line.paidAmountCents,
          paymentDate: toDateString(group.paymentDate),
          confirmationNumber: group.confirmationNumber,
        }),
        at: now,
      };
    }),
  );
  return canceled;
}
