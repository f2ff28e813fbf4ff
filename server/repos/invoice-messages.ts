/**
 * Invoice comments and read marks (contract `addComment`, `markMessagesRead`; portal-recurring.md §2.9, §7).
 *
 * - A comment is one `messages` row of the contact (subject "Comment", body = the text, no paid amount, read by its
 *   author at once) and one `invoice_journeys` entry (action "Comment", detail = the text), written in the caller's
 *   transaction (server/use-cases/add-comment.ts, with its vendor event): all or nothing.
 * - Marking read touches only the token contact's unread messages for the invoice.
 */
import type { Db } from '../db/connect.js';
import { toIsoString } from '../domain/dates.js';
import { centsToAmount } from '../../core/rules/money.js';

export const COMMENT_SUBJECT = 'Comment';
export const COMMENT_ACTION = 'Comment';
export const COMMENT_MAX_LENGTH = 150;

/** Same rule as the contract's AddCommentRequest.message: 1–150 code points, not only spaces, no line breaks. */
export function commentProblem(text: string): string | null {
  if ([...text].length > COMMENT_MAX_LENGTH) return `must be at most ${COMMENT_MAX_LENGTH} characters`;
  if (/[\r\n\u0085\u2028\u2029]/.test(text)) return 'must not contain line breaks';
  if (text.trim() === '') return 'is required';
  return null;
}

/** The invoice (id and number) when it is an invoice of this vendor's location, else undefined. */
export async function findLocationInvoice(db: Db, scope: { vendorId: string; locationId: string; invoiceId: string }) {
  return db
    .selectFrom('invoices')
    .select(['id', 'displayInvNum'])
    .where('id', '=', scope.invoiceId)
    .where('vendorId', '=', scope.vendorId)
    .where('locationId', '=', scope.locationId)
    .executeTakeFirst();
}

export async function insertComment(
  trx: Db,
  input: { vendorId: string; locationId: string; contactId: string; invoice: { id: string; displayInvNum: string }; text: string; now: Date },
) {
  const message = await trx
    .insertInto('messages')
    .values({
      vendorId: input.vendorId,
      locationId: input.locationId,
      contactId: input.contactId,
      invoiceId: input.invoice.id,
      subject: COMMENT_SUBJECT,
      body: input.text,
      paymentPaidAmountCents: null,
      readAt: input.now,
      createdAt: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const journey = await trx
    .insertInto('invoiceJourneys')
    .values({ invoiceId: input.invoice.id, contactId: input.contactId, action: COMMENT_ACTION, detail: input.text, updatedAt: input.now })
    .returning(['id', 'updatedAt', 'action', 'detail'])
    .executeTakeFirstOrThrow();
  return {
    message: toApiMessage(message, input.invoice.displayInvNum),
    journey: { id: journey.id, updatedAt: toIsoString(journey.updatedAt), action: journey.action, detail: journey.detail ?? '' },
  };
}

function toApiMessage(
  row: { id: string; invoiceId: string | null; createdAt: Date | string; subject: string; body: string; paymentPaidAmountCents: number | null; readAt: Date | string | null },
  invoiceDisplayInvNum: string,
) {
  return {
    id: row.id,
    invoiceId: row.invoiceId!,
    invoiceDisplayInvNum,
    createdAt: toIsoString(row.createdAt),
    subject: row.subject,
    message: row.body,
    paymentPaidAmount: row.paymentPaidAmountCents === null ? null : centsToAmount(row.paymentPaidAmountCents),
    contactRead: row.readAt !== null,
  };
}

/** Whether the invoice is at one of the contact's locations of the vendor. */
export async function contactHasInvoice(db: Db, input: { contactId: string; vendorId: string; invoiceId: string }): Promise<boolean> {
  const row = await db
    .selectFrom('invoices as i')
    .innerJoin('contactLocations as cl', (join) => join.onRef('cl.locationId', '=', 'i.locationId').onRef('cl.vendorId', '=', 'i.vendorId'))
    .select('i.id')
    .where('i.id', '=', input.invoiceId)
    .where('i.vendorId', '=', input.vendorId)
    .where('cl.contactId', '=', input.contactId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the contact's unread messages of the invoice read; returns how many. */
export async function markInvoiceMessagesRead(
  db: Db,
  input: { contactId: string; vendorId: string; invoiceId: string; now: Date },
): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ readAt: input.now })
    .where('contactId', '=', input.contactId)
    .where('vendorId', '=', input.vendorId)
    .where('invoiceId', '=', input.invoiceId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0n);
}

