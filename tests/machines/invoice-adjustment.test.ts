import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Invoice } from '../../machines/click2pay/click2pay.actors';
import { invoiceAdjustmentMachine, type AdjustmentKind } from '../../machines/invoice-adjustment/invoice-adjustment.machine';
import { modelAdjustInvoice } from '../../machines/invoice-adjustment/invoice-adjustment.model';
import { selectAmountError, selectCanApply, selectNotAdjustable, selectPartialSummary } from '../../machines/invoice-adjustment/invoice-adjustment.selectors';
import { PARTIAL_AMOUNT_MESSAGES } from '../../core/rules/dollars';

async function start(kind: AdjustmentKind, load: () => Promise<Invoice> = async () => modelAdjustInvoice) {
  const addToSelectionAndReturn = vi.fn();
  const actor = createActor(
    invoiceAdjustmentMachine.provide({ actors: { loadInvoice: fromPromise(load) }, actions: { addToSelectionAndReturn: (_, a) => addToSelectionAndReturn(a) } }),
    { input: { vendorId: 'v', locationId: 'l', invoiceId: modelAdjustInvoice.id, kind } },
  ).start();
  await waitFor(actor, (s) => !s.matches('loading'));
  return { actor, addToSelectionAndReturn };
}

describe('invoice adjustment machine', () => {
  it('dispute: Apply only with a reason; applies a $0 adjustment with the notes', async () => {
    const { actor, addToSelectionAndReturn } = await start('dispute');
    actor.send({ type: 'adjustment.apply' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'adjustment.reason', reason: 'Not a reason' });
    expect(selectCanApply(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'adjustment.reason', reason: 'Wrong Item' });
    actor.send({ type: 'adjustment.notes', notes: ' sent the wrong cheese ' });
    expect(selectCanApply(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'adjustment.apply' });
    expect(actor.getSnapshot().value).toBe('applied');
    expect(addToSelectionAndReturn).toHaveBeenCalledWith({ invoiceId: modelAdjustInvoice.id, amountCents: 12500, newAmountCents: 0, reason: 'Wrong Item', notes: 'sent the wrong cheese' });
  });

  it('partial: the verbatim messages, the summary, and Apply with a reason and a valid amount', async () => {
    const { actor, addToSelectionAndReturn } = await start('partial');
    actor.send({ type: 'adjustment.reason', reason: 'Discount' });
    for (const [text, message] of [['abc', PARTIAL_AMOUNT_MESSAGES.format], ['0', PARTIAL_AMOUNT_MESSAGES.nonPositive], ['125.00', PARTIAL_AMOUNT_MESSAGES.tooLarge]] as const) {
      actor.send({ type: 'adjustment.amount', text });
      expect(selectAmountError(actor.getSnapshot())).toBe(message);
      expect(selectCanApply(actor.getSnapshot())).toBe(false);
    }
    actor.send({ type: 'adjustment.amount', text: '40.10' });
    expect(selectAmountError(actor.getSnapshot())).toBeNull();
    expect(selectPartialSummary(actor.getSnapshot())).toEqual({ originalCents: 12500, newCents: 4010, remainingCents: 8490 });
    actor.send({ type: 'adjustment.apply' });
    expect(addToSelectionAndReturn).toHaveBeenCalledWith(expect.objectContaining({ newAmountCents: 4010, reason: 'Discount' }));
  });

  it('a credit or an invoice no longer payable cannot be adjusted, and says why instead of a load failure', async () => {
    const credit = (await start('dispute', async () => ({ ...modelAdjustInvoice, openAmount: -25 }))).actor;
    expect(credit.getSnapshot().value).toBe('notAdjustable');
    expect(selectNotAdjustable(credit.getSnapshot())).toBe('credit');
    for (const invoice of [{ ...modelAdjustInvoice, payable: false }, { ...modelAdjustInvoice, deletedAt: '2026-11-20T10:00:00Z' }]) {
      const { actor, addToSelectionAndReturn } = await start('partial', async () => invoice);
      expect(actor.getSnapshot().value).toBe('notAdjustable');
      expect(selectNotAdjustable(actor.getSnapshot())).toBe('notPayable');
      expect(actor.getSnapshot().context.invoice?.displayInvNum).toBe('INV-20418');
      actor.send({ type: 'adjustment.reason', reason: 'Discount' });
      actor.send({ type: 'adjustment.amount', text: '10' });
      actor.send({ type: 'adjustment.apply' });
      expect(actor.getSnapshot().value).toBe('notAdjustable');
      expect(addToSelectionAndReturn).not.toHaveBeenCalled();
    }
  });

  it('a failed invoice load is the failed state', async () => {
    const { actor } = await start('dispute', async () => { throw new Error('failed calling api'); });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectNotAdjustable(actor.getSnapshot())).toBeNull();
  });
});
