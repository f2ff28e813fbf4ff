/**
 * Turning AutoPay off: `deleted_at` now; its scheduled payment groups not yet sent are canceled (their invoices
 * payable again unless another scheduled group still pays them, a "Payment Canceled" journey entry) and its failed
 * charges stop retrying; the vendor hears `autopay.disabled` (with the canceled groups) from the same transaction.
 * Answers the vendor's date.
 */
import type { Db } from '../db/connect.js';
import { endAutopay, scheduledGroupIdsOfAutopay, type AutopayScope } from '../repos/autopay.js';
import { cancelScheduledGroups } from './cancel-scheduled-groups.js';
import { attempt, type Outcome } from './outcome.js';
import { vendorRules } from './recurring-checks.js';
import { lockedAutopay } from './update-autopay.js';
import { recordAutopayDisabled } from './vendor-events.js';

export async function turnOffAutopay(db: Db, scope: AutopayScope, id: string, now = new Date()): Promise<Outcome<{ id: string; deactivationDate: string }>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const autopay = await lockedAutopay(trx, scope, id);
      const rules = await vendorRules(trx, scope.vendorId, now);
      await endAutopay(trx, autopay.id, now);
      const canceled = await cancelScheduledGroups(trx, scope, await scheduledGroupIdsOfAutopay(trx, autopay.id), { kind: 'autopay-off' }, now);
      const deactivationDate = rules.today.toString();
      await recordAutopayDisabled(trx, autopay.id, deactivationDate, canceled, now);
      return { id: autopay.id, deactivationDate };
    }),
  );
}
