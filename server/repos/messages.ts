/**
 * Resolution-center messages written by the money path. A dispute or partial payment becomes one `messages` row
 * per invoice: subject = the dispute reason, body = the notes, `payment_paid_amount_cents` = the amount paid now.
 * The resolution center (portal-recurring.md §2.9) derives the category from it: a zero paid amount is Disputed,
 * anything else Partially Paid (subjects "Payment Failed" and "Comment" are never dispute reasons).
 */
import type { Db } from '../db/connect.js';

export interface NewAdjustmentMessage {
  vendorId: string;
  locationId: string;
  contactId: string;
  invoiceId: string;
  reason: string;
  notes: string;
  paidCents: number;
}

/**
 * Written as read by their author (the contact who disputed or part-paid), as comments are
 * (`invoice-messages.ts`): a customer's own dispute is not an unread message for them.
 */
export async function addAdjustmentMessages(db: Db, messages: NewAdjustmentMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('messages')
    .values(
      messages.map((m) => ({
        vendorId: m.vendorId,
        locationId: m.locationId,
        contactId: m.contactId,
        invoiceId: m.invoiceId,
        subject: m.reason,
        body: m.notes,
        paymentPaidAmountCents: m.paidCents,
        readAt: now,
      })),
    )
    .execute();
}

/** The subject that files a message under Payment Failed in the resolution center (core/rules/messages.ts). */
export const PAYMENT_FAILED_SUBJECT = 'Payment Failed';

/** A "Payment Failed" message to the contact (unread: the customer must notice it), filed under one invoice. */
export async function addPaymentFailedMessage(
  db: Db,
  message: { vendorId: string; locationId: string; contactId: string; invoiceId: string; body: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('messages')
    .values({ ...message, subject: PAYMENT_FAILED_SUBJECT, paymentPaidAmountCents: null, readAt: null, createdAt: now })
    .execute();
}
