import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { invoiceReportMachine } from '../../machines/reports/invoice-report.machine';
import { paymentDetailMachine } from '../../machines/reports/payment-detail.machine';
import { paymentReportMachine } from '../../machines/reports/payment-report.machine';
import { modelDetailInput, modelPaymentGroups, modelReportInput, modelReportInvoices } from '../../machines/reports/reports.model';
import { modelPaymentGroupDetail } from '../../machines/click2pay/click2pay.model';

function start(machine: typeof invoiceReportMachine | typeof paymentReportMachine, load: () => Promise<unknown[]>) {
  const calls: unknown[] = [];
  const provided = (machine as typeof invoiceReportMachine).provide({ actors: { load: fromPromise(async ({ input }) => { calls.push(input); return load() as never; }) } });
  const actor = createActor(provided, { input: modelReportInput }).start();
  return { actor, calls };
}

describe('invoice report machine', () => {
  it('loads the location’s invoices once, then shows them sorted by due date ascending', async () => {
    const { actor, calls } = start(invoiceReportMachine, async () => modelReportInvoices);
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.value !== 'loading');
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls).toEqual([modelReportInput]);
    expect(actor.getSnapshot().context.rows).toEqual(modelReportInvoices);
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'dueDate', direction: 'ascending' });
  });

  it('a header click on the sorted column flips the direction; another column starts ascending', async () => {
    const { actor } = start(invoiceReportMachine, async () => modelReportInvoices);
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'report.sort', column: 'dueDate' });
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'dueDate', direction: 'descending' });
    actor.send({ type: 'report.sort', column: 'amount' });
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'amount', direction: 'ascending' });
    actor.send({ type: 'report.sort', column: 'amount' });
    actor.send({ type: 'report.sort', column: 'amount' });
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'amount', direction: 'ascending' });
  });

  it('an empty list is the empty state, a failed call the failed state (no sorting there)', async () => {
    const empty = start(invoiceReportMachine, async () => []);
    await waitFor(empty.actor, (s) => s.value !== 'loading');
    expect(empty.actor.getSnapshot().value).toBe('empty');
    expect(empty.actor.getSnapshot().can({ type: 'report.sort', column: 'amount' })).toBe(false);
    const failed = start(invoiceReportMachine, async () => { throw new Error('failed calling api'); });
    await waitFor(failed.actor, (s) => s.value !== 'loading');
    expect(failed.actor.getSnapshot().value).toBe('failed');
    expect((failed.actor.getSnapshot().context.error as Error).message).toBe('failed calling api');
  });
});

describe('payment report machine', () => {
  it('loads the groups; it has a fixed order (no sort event)', async () => {
    const { actor } = start(paymentReportMachine, async () => modelPaymentGroups);
    await waitFor(actor, (s) => s.value !== 'loading');
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.rows).toHaveLength(7);
    expect(actor.getSnapshot().context.rows.map((r) => r.status)).toEqual(expect.arrayContaining(['processing', 'failed', 'returned']));
    expect(actor.getSnapshot().context.sort).toBeNull();
    expect(actor.getSnapshot().can({ type: 'report.sort', column: 'paid' } as never)).toBe(false);
  });

  it('no groups → empty; failure → failed', async () => {
    const empty = start(paymentReportMachine, async () => []);
    await waitFor(empty.actor, (s) => s.value !== 'loading');
    expect(empty.actor.getSnapshot().value).toBe('empty');
    const failed = start(paymentReportMachine, async () => { throw new Error('x'); });
    await waitFor(failed.actor, (s) => s.value !== 'loading');
    expect(failed.actor.getSnapshot().value).toBe('failed');
  });
});

describe('payment detail machine', () => {
  it('loads the group and its lines, or fails and stays failed (the page shows §8 text; no redirect, no retry)', async () => {
    const ok = createActor(paymentDetailMachine.provide({ actors: { load: fromPromise(async () => modelPaymentGroupDetail) } }), { input: modelDetailInput }).start();
    await waitFor(ok, (s) => s.value !== 'loading');
    expect(ok.getSnapshot().value).toBe('loaded');
    expect(ok.getSnapshot().context.data).toEqual(modelPaymentGroupDetail);
    const bad = createActor(paymentDetailMachine.provide({ actors: { load: fromPromise(async (): Promise<typeof modelPaymentGroupDetail> => { throw new Error('x'); }) } }), { input: modelDetailInput }).start();
    await waitFor(bad, (s) => s.value !== 'loading');
    expect(bad.getSnapshot().value).toBe('failed');
    expect(bad.getSnapshot().status).toBe('active');
    // The failure text asks for a browser refresh: the chart offers no way out of `failed`.
    expect(bad.getSnapshot().can({ type: 'load.refresh' } as never)).toBe(false);
  });
});
