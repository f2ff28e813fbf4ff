/**
 * Settlement: scheduled payment groups whose payment date has come (today or earlier in the VENDOR's time zone,
 * `vendors.eod_cutoff.timezone`) become `complete`, and their lines take effect on the invoices
 * (`domain/settlement.ts#settleInvoice`):
 * - a fully paid invoice (or a settled credit) is closed as the demo data closes invoices: open amount 0,
 *   `deleted_at` = now, `status` 'closed', not payable;
 * - a part-paid invoice keeps the rest open: its open amount drops by the paid amount and it is payable (status
 *   'open') again — unless another scheduled group still pays it;
 * - a disputed line (paid 0) changes nothing.
 * Each settled line adds a "Paid" entry to the invoice's journey.
 *
 * A group whose payment method was deleted meanwhile is not settled (it stays scheduled and is logged; deleting a
 * method cancels the scheduled groups that use it, so only data written around the API gets here). One group that
 * cannot be settled — a vendor with an invalid time zone, a failing write — is logged and skipped; the run goes on
 * with the other groups.
 *
 * Safe to run twice and from several server processes at once: each group is settled in its own transaction that
 * first takes the group row with `for update skip locked` and re-checks `status = 'scheduled'`, so a group another
 * process is settling is skipped, and a group already settled is not found again.
 */
import { Temporal } from 'temporal-polyfill';
import { formatCurrency } from '../../core/rules/dollars.js';
import { vendorToday, configuredTimeZone } from '../../core/rules/payment-dates.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { settleInvoice } from '../domain/settlement.js';
import { addJourneyEntries } from '../repos/journeys.js';
import { invoicesStillScheduled } from '../repos/payment-groups.js';
import { recordPaymentGroupEvent } from '../use-cases/vendor-events.js';

export interface SettlementOptions {
  /** the current moment (default: now) */
  now?: Date;
  /** at most this many groups per run (default 500); the next run takes the rest */
  limit?: number;
  /** where skipped and failed groups are reported */
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface SettlementResult {
  /** ids of the groups this run settled */
  settledGroupIds: string[];
  /** due groups left scheduled because their payment method is deleted */
  skippedGroupIds: string[];
  /** groups whose settlement failed (logged); the next run tries them again */
  failedGroupIds: string[];
}


export async function settleDuePaymentGroups(db: Db, options: SettlementOptions = {}): Promise<SettlementResult> {
  const now = options.now ?? new Date();
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  // No time zone is more than a day ahead of UTC: groups dated after UTC tomorrow cannot be due anywhere.
  const horizon = instant.toZonedDateTimeISO('UTC').toPlainDate().add({ days: 1 }).toString();
  const candidates = await db
    .selectFrom('paymentGroups as g')
    .innerJoin('vendors as v', 'v.id', 'g.vendorId')
    .select(['g.id', 'g.paymentDate', 'v.eodCutoff'])
    .where('g.status', '=', 'scheduled')
    .where('g.paymentDate', '<=', horizon)
    .orderBy('g.paymentDate')
    .orderBy('g.id')
    .limit(options.limit ?? 500)
    .execute();

  const result: SettlementResult = { settledGroupIds: [], skippedGroupIds: [], failedGroupIds: [] };
  for (const candidate of candidates) {
    try {
      const timeZone = configuredTimeZone(candidate.eodCutoff);
      const today = vendorToday(instant, timeZone).toString();
      if (toDateString(candidate.paymentDate) > today) continue;
      const outcome = await settleGroup(db, candidate.id, now);
      if (outcome === 'settled') result.settledGroupIds.push(candidate.id);
      if (outcome === 'method_deleted') {
        result.skippedGroupIds.push(candidate.id);
        options.log?.warn({ paymentGroupId: candidate.id }, 'payment group not settled: its payment method is deleted');
      }
    } catch (error) {
      result.failedGroupIds.push(candidate.id);
      options.log?.error(
        { paymentGroupId: candidate.id, reason: error instanceof Error ? error.message : String(error) },
        'payment group settlement failed',
      );
    }
  }
  return result;
}

/**
 * Settles one group in its own transaction: 'skipped' when it is locked by another process or no longer scheduled,
 * 'method_deleted' (nothing written) when its payment method is deleted.
 */
async function settleGroup(db: Db, groupId: string, now: Date): Promise<'settled' | 'skipped' | 'method_deleted'> {
  return db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('paymentGroups')
      .select(['id', 'contactId', 'vendorId', 'locationId', 'paymentMethodId'])
      .where('id', '=', groupId)
      .where('status', '=', 'scheduled')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!group) return 'skipped';
    const groupMethod = await trx
      .selectFrom('paymentMethods')
      .select('deletedAt')
      .where('id', '=', group.paymentMethodId)
      .executeTakeFirst();
    if (!groupMethod || groupMethod.deletedAt !== null) return 'method_deleted';

    const lines = await trx
      .selectFrom('payments')
      .select(['invoiceId', 'paidAmountCents'])
      .where('paymentGroupId', '=', group.id)
      .execute();
    const paidByInvoice = new Map<string, number>();
    for (const line of lines) paidByInvoice.set(line.invoiceId, (paidByInvoice.get(line.invoiceId) ?? 0) + line.paidAmountCents);
    const invoiceIds = [...paidByInvoice.entries()].filter(([, paid]) => paid !== 0).map(([id]) => id).sort();

    if (invoiceIds.length > 0) {
      const method = await trx
        .selectFrom('paymentMethods')
        .select(['name', 'lastFour'])
        .where('id', '=', group.paymentMethodId)
        .executeTakeFirst();
      const invoices = await trx
        .selectFrom('invoices')
        .select(['id', 'openAmountCents', 'deletedAt'])
        .where('id', 'in', invoiceIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      // invoices still paid by another scheduled group stay "scheduled" after a partial settlement
      const stillScheduled = await invoicesStillScheduled(trx, group, invoiceIds, group.id);
      const journeys = [];
      for (const invoice of invoices) {
        const paid = paidByInvoice.get(invoice.id)!;
        journeys.push({
          invoiceId: invoice.id,
          contactId: group.contactId,
          action: 'Paid',
          detail: `Paid ${formatCurrency(paid)}${method ? ` with ${method.name} ${method.lastFour}` : ''}`,
          at: now,
        });
        if (invoice.deletedAt !== null) continue; // closed on the vendor's side meanwhile: leave it closed
        const settled = settleInvoice(invoice.openAmountCents, paid);
        if (settled.unchanged) continue;
        if (settled.closed) {
          await trx
            .updateTable('invoices')
            .set({ openAmountCents: 0, deletedAt: now, status: 'closed', payable: false, updatedAt: now })
            .where('id', '=', invoice.id)
            .execute();
        } else {
          const scheduled = stillScheduled.has(invoice.id);
          await trx
            .updateTable('invoices')
            .set({
              openAmountCents: settled.openAmountCents,
              payable: !scheduled,
              status: scheduled ? 'scheduled' : 'open',
              updatedAt: now,
            })
            .where('id', '=', invoice.id)
            .execute();
        }
      }
      await addJourneyEntries(trx, journeys);
    }

    await trx.updateTable('paymentGroups').set({ status: 'complete' }).where('id', '=', group.id).execute();
    await recordPaymentGroupEvent(trx, 'payment_group.completed', group.id, now);
    return 'settled';
  });
}
