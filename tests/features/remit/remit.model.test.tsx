// @vitest-environment happy-dom
/**
 * Model-based walk of the remit form chart (machines/remit/remit-form.machine.ts, events of remit.model.ts) on the
 * REAL remit page: the invoice load is a promise the walk settles; every user event is driven through the DOM
 * (checkboxes, select-all, focusing and typing amounts, comments, blank lines) and every state is checked against what
 * the page shows (rows, checked boxes, amounts, comment lines, totals, the empty text and blank lines, the failure).
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, walkPaths, type Deferred, type Drivers } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/remit/remit.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadRemitInvoices: deferredActor(network.loads) };
});

import { remitFormMachine } from '../../../machines/remit/remit-form.machine';
import { modelRemitInput, modelRemitInvoices, remitFormModelEvents } from '../../../machines/remit/remit.model';
import { routes } from '../../../src/app/router';
import { formatCurrency } from '../../../core/rules/dollars';
import { displayAmount, remitTexts as t, remitTotals } from '../../../core/rules/remit';
import { token } from '../shell/fixtures';
import { frameHandlers } from '../fake-api';

configure({ asyncUtilTimeout: 8000 });

const server = setupServer(
  ...frameHandlers(modelRemitInput.vendorId, modelRemitInput.locationId),
);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'warn' });
  await import('../../../src/features/remit/remit-page');
});
afterAll(() => server.close());

type Snapshot = SnapshotFrom<typeof remitFormMachine>;
const paths = walkPaths<Snapshot>(remitFormMachine, remitFormModelEvents as never, modelRemitInput);
const path = `/token/${token}/vendors/${modelRemitInput.vendorId}/locations/${modelRemitInput.locationId}/remit`;
const invoice = (id: string) => modelRemitInvoices.find((i) => i.id === id)!;

describe('remit form: model-based walk on the remit page', () => {
  beforeEach(() => {
    network.loads.length = 0;
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    if (state.matches('loading')) {
      expect(await screen.findByText(t.loading)).toBeInTheDocument();
      return;
    }
    if (state.matches('failed')) {
      expect(await screen.findByText(t.loadFailed)).toBeInTheDocument();
      return;
    }
    const rows = state.context.rows;
    const table = await screen.findByRole('table', { name: t.tableLabel });
    if (rows[0].invoice === null) {
      expect(screen.getByText(t.empty)).toBeInTheDocument();
      expect(within(table).getAllByTestId('remit-blank-row')).toHaveLength(5);
      for (const r of rows) {
        const n = Number(r.rowId.replace('blank-', ''));
        expect(within(table).getByRole('textbox', { name: t.blankDescriptionLabel(n) })).toHaveValue(r.description);
      }
    } else {
      expect(within(table).getAllByTestId('remit-row')).toHaveLength(rows.length);
      for (const r of rows) {
        const num = r.invoice!.displayInvNum;
        expect(within(table).getByRole('checkbox', { name: t.selectRow(num) })).toHaveProperty('checked', r.selected);
        const amount = within(table).getByRole('textbox', { name: t.amountLabel(num) }) as HTMLInputElement;
        if (document.activeElement !== amount) expect(amount).toHaveValue(displayAmount(r.paymentAmount));
        const comment = within(table).queryByRole('textbox', { name: t.commentLabel(num) });
        const differs = r.selected && r.paymentAmount !== '' && Math.round(Number(r.paymentAmount) * 100) !== r.invoice!.openAmountCents;
        if (differs) expect(comment).toHaveValue(r.comment);
        else expect(comment).toBeNull();
      }
      const all = within(table).getByRole('checkbox', { name: t.selectAll }) as HTMLInputElement;
      const count = rows.filter((r) => r.selected).length;
      expect(all.checked).toBe(count === rows.length);
      expect(all.indeterminate).toBe(count > 0 && count < rows.length);
    }
    const totals = remitTotals(rows);
    expect(screen.getAllByTestId('remit-subtotal')[0]).toHaveTextContent(formatCurrency(totals.subtotalCents));
    expect(screen.getAllByTestId('remit-total')[0]).toHaveTextContent(formatCurrency(totals.totalCents));
    expect(screen.getByRole('textbox', { name: t.comments })).toHaveValue(state.context.comments);
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.loads.length).toBeGreaterThan(0));
    // Every pending load (a remount of the page under the frame starts a new one; the stopped one is ignored).
    const pending = network.loads.splice(0);
    await act(async () => pending.forEach((d) => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error))));
  };
  const amountBox = (rowId: string) =>
    rowId.startsWith('blank-') ? screen.getByRole('textbox', { name: t.blankAmountLabel(Number(rowId.slice(6))) }) : screen.getByRole('textbox', { name: t.amountLabel(invoice(rowId).displayInvNum) });
  const drivers = {
    'xstate.done.actor.loadRemitInvoices': settle('resolve'),
    'xstate.error.actor.loadRemitInvoices': settle('reject'),
    'remit.retry': async () => fireEvent.click(screen.getByRole('button', { name: t.retry })),
    'remit.toggle': async (e: { rowId: string }) => fireEvent.click(screen.getByRole('checkbox', { name: t.selectRow(invoice(e.rowId).displayInvNum) })),
    'remit.toggleAll': async () => fireEvent.click(screen.getByRole('checkbox', { name: t.selectAll })),
    'remit.focusAmount': async (e: { rowId: string }) => { act(() => amountBox(e.rowId).focus()); },
    'remit.amount': async (e: { rowId: string; text: string }) => {
      const box = amountBox(e.rowId);
      act(() => box.focus());
      fireEvent.change(box, { target: { value: e.text } });
      act(() => box.blur());
    },
    'remit.comment': async (e: { rowId: string; text: string }) => fireEvent.change(screen.getByRole('textbox', { name: t.commentLabel(invoice(e.rowId).displayInvNum) }), { target: { value: e.text } }),
    'remit.description': async (e: { rowId: string; text: string }) => fireEvent.change(screen.getByRole('textbox', { name: t.blankDescriptionLabel(Number(e.rowId.slice(6))) }), { target: { value: e.text } }),
    'remit.comments': async (e: { text: string }) => fireEvent.change(screen.getByRole('textbox', { name: t.comments }), { target: { value: e.text } }),
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, p) => {
    await runWalk(p, drivers, assertState);
  });
});
