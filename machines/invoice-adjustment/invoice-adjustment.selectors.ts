import type { SnapshotFrom } from 'xstate';
import { validatePartialAmount } from '../../core/rules/dollars';
import { adjustmentOf, notAdjustableReason, openAmountCents, type invoiceAdjustmentMachine, type NotAdjustableReason } from './invoice-adjustment.machine';

type Snapshot = Pick<SnapshotFrom<typeof invoiceAdjustmentMachine>, 'context' | 'matches'>;

export const selectCanApply = (s: Snapshot): boolean => s.matches('editing') && adjustmentOf(s.context) !== null;

/** The verbatim §5 message for a typed amount (none while the field is empty). */
export function selectAmountError(s: Snapshot): string | null {
  const { invoice, amountText } = s.context;
  if (!invoice || amountText.trim() === '') return null;
  const parsed = validatePartialAmount(amountText, openAmountCents(invoice));
  return parsed.ok ? null : parsed.message;
}

/** Original amount, new payment and remaining open (cents); the new payment is 0 until the amount is valid. */
export function selectPartialSummary(s: Snapshot): { originalCents: number; newCents: number; remainingCents: number } | null {
  const { invoice } = s.context;
  if (!invoice) return null;
  const originalCents = openAmountCents(invoice);
  const newCents = adjustmentOf({ ...s.context, reason: s.context.reason || 'Discount' })?.newAmountCents ?? 0;
  return { originalCents, newCents, remainingCents: originalCents - newCents };
}

/** Why the loaded invoice cannot be disputed or part-paid (state notAdjustable), else null. */
export function selectNotAdjustable(s: Snapshot): NotAdjustableReason | null {
  return s.matches('notAdjustable') && s.context.invoice ? notAdjustableReason(s.context.invoice) : null;
}
