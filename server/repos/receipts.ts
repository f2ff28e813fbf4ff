/**
 * Payment receipts (migration 0022): what a receipt shows, read from the payment group, its lines, its method, its
 * authorization record, the vendor and the location; and the `payment_receipts` row that makes each receipt exactly
 * once per group and event (PRIMARY KEY (payment_group_id, event)).
 */
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { OutboxChannel, ReceiptEvent } from '../db/schema.js';
import { toDateString } from '../domain/dates.js';

export interface ReceiptLine {
  displayInvNum: string;
  /** cents paid on the invoice: negative for a credit, 0 for a dispute */
  paidCents: number;
  /** a dispute (paid 0 with a reason) */
  disputed: boolean;
}

export interface ReceiptAuthorization {
  kind: 'payment' | 'autopay' | 'payment_plan';
  epaVersion: string;
  epaSha256: string;
  agreedAt: Date;
  ipAddress: string | null;
}

export interface ReceiptData {
  paymentGroupId: string;
  vendorId: string;
  locationId: string;
  contactId: string;
  confirmationNumber: string;
  /** yyyy-MM-dd */
  paymentDate: string;
  /** the group's status (scheduled, processing, complete, failed, canceled, returned…) */
  status: string;
  paymentType: 'CC' | 'ACH';
  method: { name: string; lastFour: string; provider: string };
  totalCents: number;
  /** the card service fee the group stores as its own amount (migration 0021_card_fees) */
  serviceFeeCents: number;
  lines: ReceiptLine[];
  vendor: { displayName: string; eodCutoff: unknown };
  location: { displayName: string };
  /** what the customer agreed to for this payment (null for groups made before authorization records) */
  authorization: ReceiptAuthorization | null;
}

/**
 * The receipt of a payment group, or undefined when there is none — or, with `scope`, when it is not a group of that
 * contact at that vendor's location (the portal route: another customer's group answers 404).
 */
export async function loadReceiptData(
  db: Db,
  paymentGroupId: string,
  scope?: { contactId: string; vendorId: string; locationId: string },
): Promise<ReceiptData | undefined> {
  let query = db
    .selectFrom('paymentGroups as g')
    .innerJoin('paymentMethods as pm', 'pm.id', 'g.paymentMethodId')
    .innerJoin('vendors as v', 'v.id', 'g.vendorId')
    .innerJoin('locations as l', 'l.id', 'g.locationId')
    .leftJoin('paymentAuthorizations as a', 'a.id', 'g.authorizationId')
    .select([
      'g.id',
      'g.vendorId',
      'g.locationId',
      'g.contactId',
      'g.confirmationNumber',
      'g.paymentDate',
      'g.status',
      'g.paymentType',
      'g.paymentTotalCents',
      'g.serviceFeeCents',
      'pm.name as methodName',
      'pm.lastFour as methodLastFour',
      'pm.provider as methodProvider',
      'v.displayName as vendorName',
      'v.eodCutoff',
      'l.displayName as locationName',
      'a.kind as authKind',
      'a.epaVersion',
      'a.epaSha256',
      'a.agreedAt',
      'a.ipAddress',
    ])
    .where('g.id', '=', paymentGroupId);
  if (scope) {
    query = query.where('g.contactId', '=', scope.contactId).where('g.vendorId', '=', scope.vendorId).where('g.locationId', '=', scope.locationId);
  }
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom('payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoiceId')
    .select(['i.displayInvNum', 'p.paidAmountCents', 'p.subject'])
    .where('p.paymentGroupId', '=', row.id)
    .orderBy(sql`i.due_date asc nulls last`)
    .orderBy('i.displayInvNum')
    .orderBy('p.id')
    .execute();
  return {
    paymentGroupId: row.id,
    vendorId: row.vendorId,
    locationId: row.locationId,
    contactId: row.contactId,
    confirmationNumber: row.confirmationNumber,
    paymentDate: toDateString(row.paymentDate)!,
    status: row.status,
    paymentType: row.paymentType,
    method: { name: row.methodName, lastFour: row.methodLastFour, provider: row.methodProvider },
    totalCents: Number(row.paymentTotalCents),
    serviceFeeCents: Number(row.serviceFeeCents),
    lines: lines.map((l) => ({
      displayInvNum: l.displayInvNum,
      paidCents: Number(l.paidAmountCents),
      disputed: Number(l.paidAmountCents) === 0 && l.subject !== null,
    })),
    vendor: { displayName: row.vendorName, eodCutoff: row.eodCutoff },
    location: { displayName: row.locationName },
    authorization:
      row.authKind && row.epaVersion && row.epaSha256 && row.agreedAt
        ? { kind: row.authKind, epaVersion: row.epaVersion, epaSha256: row.epaSha256, agreedAt: new Date(row.agreedAt), ipAddress: row.ipAddress ?? null }
        : null,
  };
}

/** Claims the receipt of the group's event: true for the first caller; false when it exists (nothing to send). */
export async function claimReceipt(trx: Db, paymentGroupId: string, event: ReceiptEvent): Promise<boolean> {
  const row = await trx
    .insertInto('paymentReceipts')
    .values({ paymentGroupId, event })
    .onConflict((oc) => oc.columns(['paymentGroupId', 'event']).doNothing())
    .returning('paymentGroupId')
    .executeTakeFirst();
  return row !== undefined;
}

/** The message that carried the receipt. */
export async function setReceiptMessage(trx: Db, paymentGroupId: string, event: ReceiptEvent, channel: OutboxChannel, outboxId: string): Promise<void> {
  await trx.updateTable('paymentReceipts').set({ channel, outboxId }).where('paymentGroupId', '=', paymentGroupId).where('event', '=', event).execute();
}
