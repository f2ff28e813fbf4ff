// @vitest-environment happy-dom
/**
 * Model-based walk of the invoice report chart on the REAL page (router, token guard, location frame, DataTable):
 * the invoice call is a promise the walk settles; sort events are clicks on the column headers.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ invoices: [] as Array<Deferred<unknown>>, calls: [] as unknown[] }));

vi.mock('../../../machines/reports/reports.actors', async (importOriginal) => {
  const { deferredCall } = await import('../model-walk');
  return { ...(await importOriginal<object>()), fetchReportInvoices: deferredCall(network.invoices, network.calls) };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) => (await import('../model-walk')).modelFrameLoadActors(importOriginal));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));

import { invoiceReportMachine } from '../../../machines/reports/invoice-report.machine';
import { invoiceReportModelEvents, modelReportInput, modelReportInvoices } from '../../../machines/reports/reports.model';
import { routes } from '../../../src/app/router';
import { invoiceReportCompare, sortRows } from '../../../core/rules/reports';
import { invoiceReportTexts as t, reportTexts } from '../../../src/features/reports/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

type Snapshot = SnapshotFrom<typeof invoiceReportMachine>;
const paths = walkPaths<Snapshot>(invoiceReportMachine, invoiceReportModelEvents, modelReportInput);
const base = `/token/${token}/vendors/${modelReportInput.vendorId}/locations/${modelReportInput.locationId}`;
const headerText: Record<string, string> = { invoice: t.columns.invoice, invoiceDate: t.columns.invoiceDate, dueDate: t.columns.dueDate, amount: t.columns.amount, status: t.columns.status };

beforeAll(async () => {
  await import('../../../src/features/reports/invoice-report-page');
});

describe('invoice report: model-based walk', () => {
  beforeEach(() => {
    network.invoices.length = 0;
    network.calls.length = 0;
    window.scrollTo = vi.fn();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [`${base}/invoices`] })} />);
  });
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${t.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelReportInput]);
    if (state.value === 'failed') {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(reportTexts.loadFailed);
      expect(alert).toHaveTextContent('If you continue to have difficulties viewing this page, please contact Coastal Produce Co.');
      // Nothing was loaded: nothing to export or print, so neither button is offered.
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
      return;
    }
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(t.loading);
      expect(exportButton).toBeDisabled();
      return;
    }
    if (state.value === 'empty') {
      expect(screen.getByText(t.empty)).toBeInTheDocument();
      // An empty report has nothing to export or print.
      expect(exportButton).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
      expect(screen.queryByRole('table')).toBeNull();
      return;
    }
    expect(exportButton).toBeEnabled();
    const table = screen.getByRole('table', { name: t.tableLabel });
    const sort = state.context.sort!;
    for (const [id, text] of Object.entries(headerText)) {
      const header = within(table).getByRole('columnheader', { name: text });
      expect(header).toHaveAttribute('aria-sort', id === sort.column ? sort.direction : 'none');
    }
    const expected = sortRows(modelReportInvoices, sort as never, invoiceReportCompare);
    const rows = within(table).getAllByTestId('invoice-report-row');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(expected.map((i) => i.displayInvNum));
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', `${base}/invoices/${expected[0].id}`);
    // Status and the missing due date as the spec shows them.
    const scheduled = rows.find((r) => within(r).queryByText('INV-1002'))!;
    expect(scheduled).toHaveTextContent('Scheduled');
    // (a cell holds its card label, hidden in the table layout, before the value)
    expect(within(scheduled).getAllByRole('cell').some((c) => c.textContent === `${t.columns.dueDate}-`)).toBe(true);
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(network.invoices.length).toBeGreaterThan(0));
    const d = network.invoices.shift()!;
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
  const drivers = {
    'xstate.done.actor.load': settle('resolve'),
    'xstate.error.actor.load': settle('reject'),
    'report.sort': async (event: { column: string }) => {
      const table = screen.getByRole('table', { name: t.tableLabel });
      const header = within(table).getByRole('columnheader', { name: headerText[event.column] });
      fireEvent.click(within(header).getByRole('button'));
      // Focus stays on the header the user clicked (the table re-mounts with the new sort).
      await waitFor(() => expect(document.activeElement?.textContent).toContain(headerText[event.column]));
    },
  } satisfies Record<string, (event: any) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });

  it('Export CSV writes the rows as shown: amounts as currency with 2 decimals, a missing due date as a plain "-"', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => { blobs.push(b); return 'blob:x'; });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await settle('resolve')({ output: modelReportInvoices });
      fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      // (the file's date needs Temporal, loaded on the click)
      await waitFor(() => expect(blobs).toHaveLength(1));
      const rows = Papa.parse<string[]>((await blobs[0].text()).replace(/^\ufeff/, '').trim()).data;
      const header = rows[0];
      const cell = (num: string, column: string) => rows.find((r) => r[0] === num)![header.indexOf(column)];
      expect(header).toEqual(expect.arrayContaining([t.columns.invoice, t.columns.dueDate, t.columns.amount, t.columns.status]));
      expect(cell('INV-1001', t.columns.amount)).toBe('$100.50');
      expect(cell('INV-1002', t.columns.amount)).toBe('$200.00');
      expect(cell('INV-1002', t.columns.dueDate)).toBe('-');
      expect(cell('INV-1001', t.columns.dueDate)).toBe('12/5/26');
      // Every amount cell is what the table shows: "$" and two decimals.
      for (const row of rows.slice(1)) expect(row[header.indexOf(t.columns.amount)]).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
    } finally {
      click.mockRestore();
    }
  });
});
