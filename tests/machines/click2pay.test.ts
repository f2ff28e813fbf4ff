import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CalendarConfig, InvoicesResult } from '../../machines/click2pay/click2pay.actors';
import { click2payMachine } from '../../machines/click2pay/click2pay.machine';
import { modelCalendar, modelClick2payInput, modelIds, modelInvoices, modelMethods } from '../../machines/click2pay/click2pay.model';
import { selectInvoiceTable, selectPaymentSummary, selectStatus, selectTerms, selectValidDates } from '../../machines/click2pay/click2pay.selectors';

const [bank, card] = modelMethods;

async function start(invoices: () => Promise<InvoicesResult> = async () => modelInvoices, calendar: () => Promise<CalendarConfig> = async () => modelCalendar) {
  const sync = vi.fn();
  const actor = createActor(
    click2payMachine.provide({
      actors: { loadInvoices: fromPromise(invoices), loadCalendar: fromPromise(calendar) },
      actions: { syncSelection: (_, data) => sync(data) },
    }),
    { input: modelClick2payInput },
  ).start();
  await waitFor(actor, (s) => selectStatus(s) !== 'loading');
  return { actor, sync };
}

describe('click2pay page machine', () => {
  it('loads invoices and calendar, hands the invoices to the selection and starts on the first valid day', async () => {
    const { actor, sync } = await start();
    expect(selectStatus(actor.getSnapshot())).toBe('loaded');
    expect(sync).toHaveBeenCalledWith(modelInvoices);
    // Monday 2026-11-23 09:00 Chicago, before the cut-off: today is the first valid day.
    expect(actor.getSnapshot().context.paymentDate).toBe('2026-11-23');
  });

  it('ACH days skip weekends and the holiday; cards pay on weekends; changing provider resets the date and the terms', async () => {
    const { actor } = await start();
    actor.send({ type: 'form.method', method: bank });
    const ach = selectValidDates(actor.getSnapshot());
    expect(ach).not.toContain('2026-11-26');
    expect(ach).not.toContain('2026-11-28');
    actor.send({ type: 'form.date', date: '2026-11-25' });
    actor.send({ type: 'form.date', date: '2026-11-28' });
    expect(actor.getSnapshot().context.paymentDate).toBe('2026-11-25');
    actor.send({ type: 'form.terms', accepted: true });
    actor.send({ type: 'form.method', method: card });
    expect(selectValidDates(actor.getSnapshot())).toContain('2026-11-28');
    expect(actor.getSnapshot().context).toMatchObject({ paymentDate: '2026-11-23', termsAccepted: false });
    expect(selectTerms(actor.getSnapshot())).toEqual(modelCalendar.epa['priority-cc']);
  });

  it('totals with a 2.9 % card: fee on the whole batch, rounded half up; valid only with terms', async () => {
    const { actor } = await start();
    actor.send({ type: 'form.method', method: card });
    const selection = { selected: new Set([modelIds.invoiceA, modelIds.invoiceB, modelIds.credit]), adjustments: [], showAll: true };
    let summary = selectPaymentSummary(actor.getSnapshot(), selection);
    // 100.50 + 200.00 − 25.00 = 275.50; 2.9 % = 7.9895 → 7.99.
    expect(summary).toMatchObject({ subtotalCents: 27550, feeCents: 799, totalCents: 28349, showFee: true, valid: false });
    actor.send({ type: 'form.terms', accepted: true });
    summary = selectPaymentSummary(actor.getSnapshot(), selection);
    expect(summary.valid).toBe(true);
    expect(selectInvoiceTable(actor.getSnapshot(), selection).rows.map((r) => r.displayInvNum)).toEqual(['CR-77', 'INV-1002', 'INV-1001']);
  });

  it('a debit or prepaid card (issue 20) shows no fee: the total is the subtotal, no fee line; a 3.5 % card is charged 3 %', async () => {
    const { actor } = await start();
    const selection = { selected: new Set([modelIds.invoiceA, modelIds.invoiceB, modelIds.credit]), adjustments: [], showAll: true };
    for (const cardFunding of ['debit', 'prepaid'] as const) {
      actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, cardFunding } } });
      expect(selectPaymentSummary(actor.getSnapshot(), selection), cardFunding).toMatchObject({ subtotalCents: 27550, feeCents: 0, totalCents: 27550, showFee: false });
    }
    actor.send({ type: 'form.method', method: { ...card, displayExtra: { ...card.displayExtra, serviceFee: '3.5', cardFunding: 'credit' } } });
    // 3 % of 275.50 = 8.265 → 8.27
    expect(selectPaymentSummary(actor.getSnapshot(), selection)).toMatchObject({ feeCents: 827, totalCents: 28377, showFee: true });
  });

  it('a failed load fails the page and can be reloaded', async () => {
    let calls = 0;
    const { actor } = await start(async () => { calls++; if (calls === 1) throw new Error('failed calling api'); return modelInvoices; });
    expect(selectStatus(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'page.retry' });
    await waitFor(actor, (s) => selectStatus(s) === 'loaded');
  });
});
