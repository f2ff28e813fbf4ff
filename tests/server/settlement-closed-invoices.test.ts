// @vitest-environment node
/**
 * Nothing is charged for an invoice closed before its payment settles, whatever scheduled the payment and
 * whatever closed the invoice — here the invoice is closed in the database directly, as the same-day window leaves it
 * (the vendor's batch closing it after the group was written, beside the batch's own cancel of the groups it knew):
 * - the demo plan's installment (INV4409114 + INV4408802) with INV4409114 closed: charged only for INV4408802's line;
 * - the demo AutoPay debit of INV4411601 with it closed: canceled, as a portal payment is — "Payment Canceled", the
 *   event, and nothing reaches the processor.
 */
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../server/db/testing.js';
import { settleDuePaymentGroups } from '../../server/jobs/settlement.js';
import { paymentsDb } from '../../server/payments-service/schema.js';

const WEDNESDAY = Temporal.PlainDate.from('2026-12-02');
const FRIDAY_NOON = new Date('2026-12-04T17:00:00Z');

describe('settlement of a group whose invoice was closed meanwhile', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: true, today: WEDNESDAY });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const invoice = (num: string) => t.db.selectFrom('invoices').select(['id', 'openAmountCents']).where('displayInvNum', '=', num).executeTakeFirstOrThrow();
  const close = (id: string) => t.db.updateTable('invoices').set({ deletedAt: new Date(), status: 'closed', payable: false }).where('id', '=', id).execute();
  const charged = async (groupId: string) => {
    const keys = (await t.db.selectFrom('paymentGroupCharges').select('idempotencyKey').where('paymentGroupId', '=', groupId).execute()).map((k) => k.idempotencyKey);
    return keys.length === 0 ? [] : paymentsDb(t.db).selectFrom('sandboxCharges').select(['amountCents']).where('idempotencyKey', 'in', keys).execute();
  };

  it('a plan installment charges only the invoices still open; an AutoPay debit is canceled; nothing for the closed ones', async () => {
    const { db } = t;
    const plan = await db.selectFrom('paymentGroups').select(['id', 'paymentTotalCents']).where('sourceType', '=', 'Payment Plan').where('status', '=', 'scheduled').executeTakeFirstOrThrow();
    const autopay = await db.selectFrom('paymentGroups').select(['id']).where('sourceType', '=', 'Autopay Plus').where('status', '=', 'scheduled').executeTakeFirstOrThrow();
    const planClosed = await invoice('INV4409114');
    const planOpen = await invoice('INV4408802');
    const autopayInvoice = await invoice('INV4411601');
    const openLine = await db.selectFrom('payments').select('paidAmountCents').where('paymentGroupId', '=', plan.id).where('invoiceId', '=', planOpen.id).executeTakeFirstOrThrow();
    await close(planClosed.id);
    await close(autopayInvoice.id);

    const result = await settleDuePaymentGroups(db, { now: FRIDAY_NOON });
    expect(result.settledGroupIds).toContain(plan.id);
    expect(result.canceledGroupIds).toEqual([autopay.id]);

    // the plan: the open invoice's line alone, charged for exactly that (ACH: no fee)
    const lines = await db.selectFrom('payments').select(['invoiceId', 'paidAmountCents']).where('paymentGroupId', '=', plan.id).execute();
    expect(lines.map((l) => l.invoiceId)).toEqual([planOpen.id]);
    expect(await charged(plan.id)).toEqual([{ amountCents: openLine.paidAmountCents }]);
    expect(Number((await db.selectFrom('paymentGroups').select('paymentTotalCents').where('id', '=', plan.id).executeTakeFirstOrThrow()).paymentTotalCents)).toBe(Number(openLine.paidAmountCents));

    // AutoPay: canceled, told, nothing charged
    expect((await db.selectFrom('paymentGroups').select('status').where('id', '=', autopay.id).executeTakeFirstOrThrow()).status).toBe('canceled');
    expect(await charged(autopay.id)).toEqual([]);
    const journey = await db.selectFrom('invoiceJourneys').select(['action', 'detail']).where('invoiceId', '=', autopayInvoice.id).where('action', '=', 'Payment Canceled').execute();
    expect(journey.length).toBe(1);
    expect(journey[0]!.detail).toContain('INV4411601');
    const events = await db.selectFrom('webhookEvents').select(['type']).where('type', '=', 'payment_group.canceled').execute();
    expect(events.length).toBeGreaterThanOrEqual(1);

    // and a second run charges nothing more
    const again = await settleDuePaymentGroups(db, { now: FRIDAY_NOON });
    expect(again.settledGroupIds).toEqual([]);
    expect(await charged(plan.id)).toHaveLength(1);
  });
});
