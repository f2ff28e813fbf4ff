import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { connectClick2pay, type Click2paySend, type Click2payState } from '../../machines/click2pay/click2pay.connect';
import { click2payMachine } from '../../machines/click2pay/click2pay.machine';
import { modelCalendar, modelClick2payInput, modelIds, modelInvoices, modelMethods, modelNow } from '../../machines/click2pay/click2pay.model';
import { selectStatus } from '../../machines/click2pay/click2pay.selectors';
import type { InvoiceAdjustment, InvoiceSelectionContext } from '../../machines/invoice-selection/invoice-selection.machine';
import { paymentSubmitMachine } from '../../machines/payment-submit/payment-submit.machine';
import { remitFormMachine } from '../../machines/remit/remit-form.machine';
import { remitPrintMachine, type RemitPrintEvent } from '../../machines/remit/remit-print.machine';
import { connectRemit } from '../../machines/remit/remit.connect';
import { modelRemitInput, modelRemitInvoices } from '../../machines/remit/remit.model';

const [bank] = modelMethods;

/** A loaded page with the bank account chosen and the terms accepted (the form valid once something is selected). */
async function loadedPage() {
  const actor = createActor(
    click2payMachine.provide({ actors: { loadInvoices: fromPromise(async () => modelInvoices), loadCalendar: fromPromise(async () => modelCalendar) } }),
    { input: modelClick2payInput },
  ).start();
  await waitFor(actor, (s) => selectStatus(s) === 'loaded');
  actor.send({ type: 'form.method', method: bank });
  actor.send({ type: 'form.terms', accepted: true });
  return actor.getSnapshot();
}

function recorder() {
  const sent: Array<{ to: keyof Click2paySend; event: Parameters<Click2paySend[keyof Click2paySend]>[0] }> = [];
  const send: Click2paySend = {
    page: (event) => sent.push({ to: 'page', event }),
    selection: (event) => sent.push({ to: 'selection', event }),
    submit: (event) => sent.push({ to: 'submit', event }),
  };
  return { sent, send };
}

const submitIdle = createActor(paymentSubmitMachine, { input: { vendorId: modelClick2payInput.vendorId, locationId: modelClick2payInput.locationId } }).getSnapshot();

function selectionOf(selected: string[], adjustments: InvoiceAdjustment[] = [], messageId: string | null = null): InvoiceSelectionContext {
  return { selected: new Set(selected), adjustments, showAll: true, messageId };
}

describe('connectClick2pay', () => {
  it('Pay sends the payment request with the adjustments in dollars from cents, exactly', async () => {
    const page = await loadedPage();
    const adjustments: InvoiceAdjustment[] = [
      { invoiceId: modelIds.invoiceB, amountCents: 20000, newAmountCents: 1999, reason: 'Partial Payment', notes: 'half' },
      { invoiceId: modelIds.invoiceA, amountCents: 10050, newAmountCents: 0, reason: 'Damaged/Quality', notes: '' },
    ];
    const state: Click2payState = { page, selection: selectionOf([modelIds.invoiceA, modelIds.invoiceB], adjustments), submit: submitIdle };
    const { sent, send } = recorder();
    const view = connectClick2pay(state, send, { now: () => modelNow });
    expect(view.summary.valid).toBe(true);
    view.pay();
    expect(sent).toEqual([{
      to: 'submit',
      event: {
        type: 'payment.submit',
        request: {
          paymentMethodId: bank.id,
          paymentDate: '2026-11-23',
          partialPayments: [
            { invoiceId: modelIds.invoiceB, amount: '200.00', newAmount: 19.99, reason: 'Partial Payment', notes: 'half' },
            { invoiceId: modelIds.invoiceA, amount: '100.50', newAmount: 0, reason: 'Damaged/Quality' },
          ],
          invoices: [modelIds.invoiceA, modelIds.invoiceB],
          epaVersion: modelCalendar.epa['direct-ach'].version,
        },
      },
    }]);
  });

  it('converts any cents to the exact dollars JSON prints', async () => {
    const page = await loadedPage();
    for (const [cents, dollars] of [[1999, 19.99], [1, 0.01], [10, 0.1], [12345, 123.45], [99_999_999_999, 999_999_999.99]] as const) {
      const adjustment: InvoiceAdjustment = { invoiceId: modelIds.invoiceB, amountCents: 20000, newAmountCents: cents, reason: 'Partial Payment', notes: '' };
      const { sent, send } = recorder();
      connectClick2pay({ page, selection: selectionOf([modelIds.invoiceB], [adjustment]), submit: submitIdle }, send, { now: () => modelNow }).pay();
      const event = sent[0]?.event;
      if (event?.type !== 'payment.submit') throw new Error(`expected a payment.submit, got ${JSON.stringify(event)}`);
      const { request } = event;
      expect(request.partialPayments[0]!.newAmount).toBe(dollars);
      expect(JSON.stringify(request.partialPayments[0]!.newAmount)).toBe(String(dollars));
    }
  });

  it('a payment started in a message carries its id', async () => {
    const page = await loadedPage();
    const { sent, send } = recorder();
    connectClick2pay({ page, selection: selectionOf([modelIds.invoiceA], [], 'message-1'), submit: submitIdle }, send, { now: () => modelNow }).pay();
    expect(sent[0]?.event).toMatchObject({ type: 'payment.submit', request: { invoices: [modelIds.invoiceA], messageId: 'message-1' } });
  });

  it('Pay sends nothing while the form is not valid', async () => {
    const page = await loadedPage();
    const { sent, send } = recorder();
    const view = connectClick2pay({ page, selection: selectionOf([]), submit: submitIdle }, send, { now: () => modelNow });
    expect(view.summary.valid).toBe(false);
    view.pay();
    expect(sent).toEqual([]);
  });

  it('intents send the events of their actor', async () => {
    const page = await loadedPage();
    const { sent, send } = recorder();
    const view = connectClick2pay({ page, selection: selectionOf([modelIds.invoiceA]), submit: submitIdle }, send, { now: () => modelNow });
    view.chooseMethod(bank);
    view.chooseDate('2026-11-25');
    view.setTerms(false);
    view.retry();
    view.toggle(modelIds.invoiceB);
    view.toggleAll();
    view.showAll();
    view.undo(modelIds.invoiceA);
    view.retryPayment();
    view.dismiss();
    expect(sent).toEqual([
      { to: 'page', event: { type: 'form.method', method: bank } },
      { to: 'page', event: { type: 'form.date', date: '2026-11-25' } },
      { to: 'page', event: { type: 'form.terms', accepted: false } },
      { to: 'page', event: { type: 'page.retry' } },
      { to: 'selection', event: { type: 'selection.toggle', invoiceId: modelIds.invoiceB } },
      // Toggle-all acts on the rows shown (the request's invoices, in the table's order).
      { to: 'selection', event: { type: 'selection.toggleAll', invoiceIds: view.table.rows.map((r) => r.id) } },
      { to: 'selection', event: { type: 'selection.showAll' } },
      { to: 'selection', event: { type: 'selection.undo', invoiceId: modelIds.invoiceA } },
      { to: 'submit', event: { type: 'payment.retry' } },
      { to: 'submit', event: { type: 'payment.dismiss' } },
    ]);
    expect(view.table.rows.length).toBeGreaterThan(0);
  });

  it('keeps the rows and the intents while only the selection changes (memoised table rows keep their props)', async () => {
    const page = await loadedPage();
    const { send } = recorder();
    const first = connectClick2pay({ page, selection: selectionOf([modelIds.invoiceA]), submit: submitIdle }, send, { now: () => modelNow });
    const second = connectClick2pay({ page, selection: selectionOf([modelIds.invoiceB]), submit: submitIdle }, send, { now: () => modelNow });
    expect(second.table.rows).toBe(first.table.rows);
    expect(second.toggle).toBe(first.toggle);
    expect(second.toggleAll).toBe(first.toggleAll);
    expect(second.chooseMethod).toBe(first.chooseMethod);
    expect(second.table.selectAll).not.toBe(undefined);
  });
});

describe('connectRemit', () => {
  const startForm = async (invoices = modelRemitInvoices) => {
    const form = createActor(remitFormMachine.provide({ actors: { loadRemitInvoices: fromPromise(async () => invoices) } }), { input: modelRemitInput }).start();
    await waitFor(form, (s) => s.matches('loaded'));
    return form;
  };
  const printIdle = createActor(remitPrintMachine, { input: modelRemitInput }).getSnapshot();

  it('Download PDF sends the printed rows with their amounts in dollars from the cents typed', async () => {
    const form = await startForm();
    const [a, b] = modelRemitInvoices;
    form.send({ type: 'remit.toggle', rowId: a!.id });
    form.send({ type: 'remit.amount', rowId: a!.id, text: '19.99' });
    form.send({ type: 'remit.comment', rowId: a!.id, text: 'short' });
    form.send({ type: 'remit.toggle', rowId: b!.id });
    const sent: RemitPrintEvent[] = [];
    const view = connectRemit({ form: form.getSnapshot(), print: printIdle }, { print: (e) => sent.push(e) });
    expect(view.hasInvoices).toBe(true);
    view.downloadPdf();
    view.print();
    expect(sent).toEqual([
      {
        type: 'remit.downloadPdf',
        body: { invoices: [{ invoiceId: a!.id, amount: 19.99, comment: 'short' }, { invoiceId: b!.id, amount: 40, comment: '' }], lines: [], comments: '' },
      },
      { type: 'remit.print', invoiceIds: [a!.id, b!.id] },
    ]);
  });

  it('without invoices the blank lines go with their amounts (null when empty)', async () => {
    const form = await startForm([]);
    form.send({ type: 'remit.amount', rowId: 'blank-1', text: '-5.25' });
    form.send({ type: 'remit.description', rowId: 'blank-1', text: 'Return' });
    const sent: RemitPrintEvent[] = [];
    const view = connectRemit({ form: form.getSnapshot(), print: printIdle }, { print: (e) => sent.push(e) });
    expect(view.hasInvoices).toBe(false);
    view.downloadPdf();
    const event = sent[0];
    if (event?.type !== 'remit.downloadPdf') throw new Error(`expected remit.downloadPdf, got ${JSON.stringify(event)}`);
    expect(event.body.invoices).toEqual([]);
    expect(event.body.lines[0]).toEqual({ description: 'Return', amount: -5.25 });
    expect(event.body.lines.slice(1).every((l) => l.amount === null)).toBe(true);
  });
});
