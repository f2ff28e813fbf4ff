/** Remit form: rows, select-all, amounts and comments; print → journey; PDF download. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { remitFormMachine } from '../../machines/remit/remit-form.machine';
import { remitPrintMachine } from '../../machines/remit/remit-print.machine';
import { modelRemitInput, modelRemitInvoices } from '../../machines/remit/remit.model';
import { selectRemitTotals, selectPrintedRows } from '../../machines/remit/remit.selectors';
import { parseRemitAmount, stripAmountInput, cleanComment, displayAmount } from '../../core/rules/remit';

const [a, b, credit] = modelRemitInvoices;
const form = (invoices = modelRemitInvoices) =>
  createActor(remitFormMachine.provide({ actors: { loadRemitInvoices: fromPromise(async () => invoices) } }), { input: modelRemitInput }).start();
const loaded = async (invoices = modelRemitInvoices) => {
  const actor = form(invoices);
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  return actor;
};
const row = (actor: Awaited<ReturnType<typeof loaded>>, id: string) => actor.getSnapshot().context.rows.find((r) => r.rowId === id)!;

describe('remit rows and select-all', () => {
  it('orders invoice rows by due date (none last); 5 numbered blank rows without invoices', async () => {
    expect((await loaded()).getSnapshot().context.rows.map((r) => r.rowId)).toEqual([a.id, b.id, credit.id]);
    expect((await loaded([])).getSnapshot().context.rows.map((r) => r.rowId)).toEqual(['blank-1', 'blank-2', 'blank-3', 'blank-4', 'blank-5']);
  });

  it('selecting sets the open amount; unselecting clears amount and comment; focus selects', async () => {
    const actor = await loaded();
    actor.send({ type: 'remit.toggle', rowId: a.id });
    expect(row(actor, a.id)).toMatchObject({ selected: true, paymentAmount: '125.00', comment: '' });
    actor.send({ type: 'remit.amount', rowId: a.id, text: '$1,00.x50' });
    expect(row(actor, a.id).paymentAmount).toBe('100.50');
    actor.send({ type: 'remit.comment', rowId: a.id, text: 'short\nshipped' });
    expect(row(actor, a.id).comment).toBe('short shipped');
    actor.send({ type: 'remit.amount', rowId: a.id, text: '125' });
    expect(row(actor, a.id).comment).toBe(''); // back at the open amount
    actor.send({ type: 'remit.toggle', rowId: a.id });
    expect(row(actor, a.id)).toMatchObject({ selected: false, paymentAmount: '', comment: '' });
    actor.send({ type: 'remit.focusAmount', rowId: b.id });
    expect(row(actor, b.id)).toMatchObject({ selected: true, paymentAmount: '40.00' });
  });

  it('select-all: none selected → all; some or all → none', async () => {
    const actor = await loaded();
    actor.send({ type: 'remit.toggleAll' });
    expect(actor.getSnapshot().context.rows.every((r) => r.selected)).toBe(true);
    expect(selectRemitTotals(actor.getSnapshot())).toEqual({ subtotalCents: 16500, creditsCents: -1500, totalCents: 15000 });
    actor.send({ type: 'remit.toggleAll' });
    expect(actor.getSnapshot().context.rows.some((r) => r.selected)).toBe(false);
    actor.send({ type: 'remit.toggle', rowId: b.id });
    expect(selectPrintedRows(actor.getSnapshot()).map((r) => r.rowId)).toEqual([b.id]);
    actor.send({ type: 'remit.toggleAll' });
    expect(actor.getSnapshot().context.rows.some((r) => r.selected)).toBe(false);
    expect(selectPrintedRows(actor.getSnapshot())).toHaveLength(3); // none selected: every row prints
  });

  it('blank rows take a description and an amount; the form comment is capped at 1,000 without line breaks', async () => {
    const actor = await loaded([]);
    actor.send({ type: 'remit.amount', rowId: 'blank-2', text: '-5.2x5' });
    actor.send({ type: 'remit.description', rowId: 'blank-2', text: 'Return' });
    expect(row(actor, 'blank-2')).toMatchObject({ paymentAmount: '-5.25', description: 'Return' });
    expect(selectRemitTotals(actor.getSnapshot())).toEqual({ subtotalCents: 0, creditsCents: -525, totalCents: -525 });
    actor.send({ type: 'remit.comments', text: `a\n${'b'.repeat(1200)}` });
    expect(actor.getSnapshot().context.comments).toHaveLength(1000);
    expect(actor.getSnapshot().context.comments).not.toMatch(/\n/);
  });

  it('a failed load can be retried', async () => {
    let fail = true;
    const actor = createActor(remitFormMachine.provide({ actors: { loadRemitInvoices: fromPromise(async () => { if (fail) throw new Error('x'); return modelRemitInvoices; }) } }), { input: modelRemitInput }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    fail = false;
    actor.send({ type: 'remit.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
  });

  it('amount input rules', () => {
    expect(stripAmountInput('$1,234.5a-')).toBe('1234.5-');
    expect(parseRemitAmount('12.345')).toBe(1235);
    expect(parseRemitAmount('-')).toBeNull();
    expect(parseRemitAmount('.5')).toBe(50);
    expect(displayAmount('-12.5')).toBe('-$12.50');
    expect(cleanComment('x'.repeat(300), 250)).toHaveLength(250);
  });
});

describe('remit print', () => {
  function printer(opts: { recordFails?: boolean } = {}) {
    const record = vi.fn(async (_input: unknown) => { if (opts.recordFails) throw new Error('failed calling api'); });
    const save = vi.fn();
    const printed = vi.fn(async () => {});
    const actor = createActor(remitPrintMachine.provide({
      actors: { printPage: fromPromise(printed), recordRemitPrinted: fromPromise(async ({ input }) => record(input)), fetchRemitPdf: fromPromise(async () => ({ blob: new Blob(['%PDF']), fileName: 'remit-form-2026-11-23.pdf' })) },
      actions: { saveFile: (_, file) => save(file.fileName) },
    }), { input: modelRemitInput }).start();
    return { actor, record, save, printed };
  }

  it('after printing with rows selected, records the journey once; without selection, nothing', async () => {
    const p = printer();
    p.actor.send({ type: 'remit.print', invoiceIds: [a.id] });
    await vi.waitFor(() => expect(p.actor.getSnapshot().value).toBe('idle'));
    expect(p.printed).toHaveBeenCalledTimes(1);
    expect(p.record).toHaveBeenCalledExactlyOnceWith({ ...modelRemitInput, invoiceIds: [a.id] });
    p.actor.send({ type: 'remit.print', invoiceIds: [] });
    await vi.waitFor(() => expect(p.printed).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(p.actor.getSnapshot().value).toBe('idle'));
    expect(p.record).toHaveBeenCalledTimes(1);
  });

  it('a failing journey call is ignored', async () => {
    const p = printer({ recordFails: true });
    p.actor.send({ type: 'remit.print', invoiceIds: [a.id] });
    await vi.waitFor(() => expect(p.record).toHaveBeenCalled());
    await vi.waitFor(() => expect(p.actor.getSnapshot().value).toBe('idle'));
  });

  it('downloads the PDF and saves it under the server\'s name', async () => {
    const p = printer();
    p.actor.send({ type: 'remit.downloadPdf', body: { invoices: [], lines: [], comments: '' } });
    await vi.waitFor(() => expect(p.save).toHaveBeenCalledWith('remit-form-2026-11-23.pdf'));
    expect(p.actor.getSnapshot().value).toBe('idle');
  });
});
