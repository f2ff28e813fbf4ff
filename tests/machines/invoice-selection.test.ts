import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { invoiceSelectionMachine } from '../../machines/invoice-selection/invoice-selection.machine';
import { modelDispute, modelInvoiceIds as ids } from '../../machines/invoice-selection/invoice-selection.model';

const start = () => createActor(invoiceSelectionMachine).start();
const all = [ids.requested, ids.other, ids.credit];

describe('invoice selection machine (§4)', () => {
  it('waits for the first load, then uses the request ids when nothing is chosen; show all only without request ids', () => {
    const a = start();
    a.send({ type: 'selection.toggle', invoiceId: ids.other });
    expect(a.getSnapshot().value).toBe('idle');
    a.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [ids.requested] });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([ids.requested]), showAll: false });
    const b = start();
    b.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [] });
    expect(b.getSnapshot().context).toMatchObject({ selected: new Set([]), showAll: true });
  });

  it('keeps only invoices still payable after a load, with their disputes', () => {
    const a = start();
    a.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [] });
    a.send({ type: 'selection.toggleAll', invoiceIds: all });
    a.send({ type: 'selection.adjust', adjustment: modelDispute });
    a.send({ type: 'selection.loaded', payableIds: [ids.requested, ids.credit], requestInvoiceIds: [] });
    expect([...a.getSnapshot().context.selected]).toEqual([ids.requested, ids.credit]);
    expect(a.getSnapshot().context.adjustments).toEqual([]);
  });

  it('disputing adds to the selection, undoing removes it, unselecting drops the dispute', () => {
    const a = start();
    a.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [ids.requested] });
    a.send({ type: 'selection.adjust', adjustment: modelDispute });
    expect([...a.getSnapshot().context.selected]).toEqual([ids.requested, ids.other]);
    a.send({ type: 'selection.undo', invoiceId: ids.other });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([ids.requested]), adjustments: [] });
    a.send({ type: 'selection.adjust', adjustment: modelDispute });
    a.send({ type: 'selection.toggle', invoiceId: ids.other });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([ids.requested]), adjustments: [] });
  });

  it('select all: selects all unless all are selected, then clears; show all and clear', () => {
    const a = start();
    a.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [ids.requested] });
    a.send({ type: 'selection.toggleAll', invoiceIds: all });
    expect([...a.getSnapshot().context.selected]).toEqual(all);
    a.send({ type: 'selection.adjust', adjustment: modelDispute });
    a.send({ type: 'selection.toggleAll', invoiceIds: all });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([]), adjustments: [] });
    a.send({ type: 'selection.showAll' });
    expect(a.getSnapshot().context.showAll).toBe(true);
    a.send({ type: 'selection.toggle', invoiceId: ids.credit });
    a.send({ type: 'selection.clear' });
    expect(a.getSnapshot().context).toMatchObject({ selected: new Set([]), adjustments: [] });
  });
});

describe('invoice selection held as a Set', () => {
  const many = Array.from({ length: 5000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('select all over 5,000 invoices chooses each once; again clears them; each change is a new set', () => {
    const a = start();
    a.send({ type: 'selection.loaded', payableIds: many, requestInvoiceIds: [] });
    const before = a.getSnapshot().context.selected;
    a.send({ type: 'selection.toggle', invoiceId: many[7] });
    a.send({ type: 'selection.toggleAll', invoiceIds: many });
    const after = a.getSnapshot().context.selected;
    expect(after).toBeInstanceOf(Set);
    expect(after.size).toBe(5000);
    expect(many.every((id) => after.has(id))).toBe(true);
    // Never mutated in place: a view comparing by identity sees every change, and older snapshots stay true.
    expect(before.size).toBe(0);
    expect(after).not.toBe(before);
    a.send({ type: 'selection.toggleAll', invoiceIds: many });
    expect(a.getSnapshot().context.selected.size).toBe(0);
    expect(after.size).toBe(5000);
  });

  it('select all over some of the rows keeps the selection outside them', () => {
    const a = start();
    a.send({ type: 'selection.loaded', payableIds: all, requestInvoiceIds: [ids.requested] });
    a.send({ type: 'selection.toggleAll', invoiceIds: [ids.other, ids.credit] });
    expect([...a.getSnapshot().context.selected]).toEqual(all);
    a.send({ type: 'selection.toggleAll', invoiceIds: [ids.other, ids.credit] });
    expect([...a.getSnapshot().context.selected]).toEqual([ids.requested]);
  });
});
