/**
 * The customer's statement delivery at a location — turned on, updated, turned off — with the vendor's
 * `statement_delivery.changed` event in the same transaction. Saving the settings the delivery already has changes
 * nothing the vendor needs to hear, so it says nothing. The schedule value is checked before (routes/statements.ts).
 */
import type { Db } from '../db/connect.js';
import { deleteStatementDelivery, lockStatementDelivery, upsertStatementDelivery, type StatementDeliveryInput } from '../repos/statements.js';
import { attempt, notFoundRefusal, Refused, type Outcome } from './outcome.js';
import { recordStatementDeliveryChanged } from './vendor-events.js';

export async function saveStatementDelivery(
  db: Db,
  input: StatementDeliveryInput & { contactId: string; vendorId: string; locationId: string; today: string; now: Date },
): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const before = await lockStatementDelivery(trx, input.contactId, input.locationId);
      const { inserted, ...row } = await upsertStatementDelivery(trx, input);
      const same =
        before !== undefined &&
        before.scheduleUnit === row.scheduleUnit &&
        before.scheduleValue === row.scheduleValue &&
        before.sendEmptyStatements === row.sendEmptyStatements;
      if (!inserted && same) return;
      await recordStatementDeliveryChanged(trx, inserted ? 'turned_on' : 'updated', row, input.now);
    }),
  );
}

export async function turnOffStatementDelivery(
  db: Db,
  input: { contactId: string; locationId: string; deliveryId: string },
  now = new Date(),
): Promise<Outcome<void>> {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
        const deleted = await deleteStatementDelivery(trx, input);
        if (!deleted) throw new Refused(notFoundRefusal('statement delivery'));
        await recordStatementDeliveryChanged(trx, 'turned_off', deleted, now);
    }),
  );
}
