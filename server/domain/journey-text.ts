/**
 * The words of an invoice's journey entries (`invoice_journeys.detail`) when a payment is scheduled or canceled.
 * Pure: the use cases that schedule and cancel write them, the customer reads them on the invoice's journey.
 */
import { formatCurrency } from '../../core/rules/dollars.js';
import { shortDate } from '../../core/rules/display.js';

/** Why scheduled groups are canceled; the "Payment Canceled" journey entry of each line says it. */
export type CancelReason =
  | { kind: 'autopay-off' }
  | { kind: 'method-deleted'; methodLabel: string }
  | { kind: 'vendor-closed'; invoiceNumber: string }
  | { kind: 'vendor-canceled'; vendorName: string; reason: string };

export function canceledDetail(reason: CancelReason, line: { paidCents: number; paymentDate: string; confirmationNumber: string }): string {
  const amount = formatCurrency(line.paidCents);
  const date = shortDate(line.paymentDate);
  switch (reason.kind) {
    case 'autopay-off':
      return `${amount} scheduled by AutoPay Plus for ${date} (${line.confirmationNumber}) canceled: AutoPay Plus was turned off`;
    case 'method-deleted':
      return `${amount} scheduled for ${date} with ${reason.methodLabel} (${line.confirmationNumber}) canceled: the payment method was deleted`;
    case 'vendor-closed':
      return `${amount} scheduled for ${date} (${line.confirmationNumber}) canceled: the vendor closed invoice ${reason.invoiceNumber} outside the portal`;
    case 'vendor-canceled':
      return `${amount} scheduled for ${date} (${line.confirmationNumber}) canceled by ${reason.vendorName}: ${reason.reason}`;
  }
}

/** A line of a payment just scheduled: paid in full, in part (with the reason), or disputed ($0, the reason). */
export interface ScheduledLine {
  kind: 'full' | 'partial' | 'dispute';
  paidCents: number;
  subject: string | null;
  message: string | null;
}

/** The journey entry of a scheduled line: its action and detail. */
export function scheduledEntry(
  line: ScheduledLine,
  payment: { openCents: number; paymentDate: string; methodLabel: string; confirmationNumber: string | null },
): { action: string; detail: string } {
  const notes = line.message ? `: ${line.message}` : '';
  const when = `${shortDate(payment.paymentDate)} with ${payment.methodLabel}`;
  switch (line.kind) {
    case 'dispute':
      return { action: 'Disputed', detail: `${line.subject}${notes}` };
    case 'partial':
      return {
        action: 'Partial Payment Scheduled',
        detail: `${formatCurrency(line.paidCents)} of ${formatCurrency(payment.openCents)} scheduled for ${when} (${payment.confirmationNumber}). ${line.subject}${notes}`,
      };
    default:
      return { action: 'Payment Scheduled', detail: `${formatCurrency(line.paidCents)} scheduled for ${when} (${payment.confirmationNumber})` };
  }
}

/** The "Payment Failed" entry of an invoice whose scheduled payment the processor declined on its date. */
export function paymentFailedDetail(line: { paidCents: number; method?: { name: string; lastFour: string }; confirmationNumber: string; reason: string }): string {
  const method = line.method ? ` with ${line.method.name} ${line.method.lastFour}` : '';
  return `Payment of ${formatCurrency(line.paidCents)}${method} (${line.confirmationNumber}) failed: ${line.reason}`;
}

/** The "Payment Returned" entry of an invoice whose completed bank debit the customer's bank returned (ACH return). */
export function paymentReturnedDetail(line: { paidCents: number; method?: { name: string; lastFour: string }; confirmationNumber: string; reason: string; code: string }): string {
  const method = line.method ? ` with ${line.method.name} ${line.method.lastFour}` : '';
  return `Payment of ${formatCurrency(line.paidCents)}${method} (${line.confirmationNumber}) was returned by the bank: ${line.reason} (${line.code})`;
}
