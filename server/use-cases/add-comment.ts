/**
 * The customer's comment on an invoice: its resolution-center message and journey entry (repos/invoice-messages.ts)
 * and the vendor's `comment.added` event, in one transaction — no comment the vendor does not hear of, no event for a
 * comment that was not written. The text and the invoice are checked before (routes/messages.ts).
 */
import type { Db } from '../db/connect.js';
import { insertComment } from '../repos/invoice-messages.js';
import { attempt } from './outcome.js';
import { recordCommentEvent } from './vendor-events.js';

export async function addComment(
  db: Db,
  input: { vendorId: string; locationId: string; contactId: string; invoice: { id: string; displayInvNum: string }; text: string; now: Date },
) {
  return attempt(() =>
    db.transaction().execute(async (trx) => {
      const written = await insertComment(trx, input);
      const { vendorId, locationId, contactId } = input;
      await recordCommentEvent(
        trx,
        { id: written.message.id, vendorId, locationId, contactId, invoiceId: input.invoice.id, text: input.text, createdAt: input.now },
        input.now,
      );
      return written;
    }),
  );
}
