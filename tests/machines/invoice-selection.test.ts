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
