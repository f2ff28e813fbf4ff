import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Invoice } from './console-invoices.actors';
import type { consoleInvoicesMachine } from './console-invoices.machine';

/** An invoice as the vendor API answers it. */
export function invoiceSample(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `d0f7d15${n}-dd6b-4e87-ba49-10a7c232003a`,
    externalId: `PFG-INV44098${n}0`,
    locationId: '89831b01-13e6-4491-8d27-2b00eae590d3',
    locationExternalId: 'LOC-BLUE-HERON',
    locationName: 'Blue Heron Bistro',
    displayInvNum: `INV44098${n}0`,
    originalAmount: 1200 + n,
    openAmount: 1200 + n,
    dueDate: `2026-12-${String(10 + n).padStart(2, '0')}`,
    invoiceDate: '2026-11-10',
    externalInvoiceDate: '2026-11-09',
    poRefId: null,
    shipTo: null,
    status: 'open',
    portalStatus: 'open',
    createdAt: '2026-11-10T11:30:00.000Z',
    updatedAt: '2026-11-10T11:30:00.000Z',
    ...overrides,
  };
}

export const invoicesFirstPage = { invoices: [invoiceSample(1), invoiceSample(2, { status: 'closed', portalStatus: 'closed', openAmount: 0 })], cursor: 'c2', hasMore: true };
export const invoicesNextPage = { invoices: [invoiceSample(3)], cursor: 'c3', hasMore: false };
export const invoicesFoundPage = { invoices: [invoiceSample(1)], cursor: 'c1', hasMore: false };

/**
 * Model events: a number typed (its beginning), a due date half typed and whole, the search sent, cleared, the next
 * page, a retry, and each answer (a search by number finds one).
 */
export function consoleInvoicesModelEvents(snapshot: SnapshotFrom<typeof consoleInvoicesMachine>): EventObject[] {
  const { draft, search, invoices } = snapshot.context;
  const candidates: AnyEventObject[] = [
    ...(draft.number === '' ? [{ type: 'search.change', field: 'number', value: 'inv44098' }] : []),
    ...(draft.dueFrom === '' ? [{ type: 'search.change', field: 'dueFrom', value: '2026-12' }] : draft.dueFrom === '2026-12' ? [{ type: 'search.change', field: 'dueFrom', value: '2026-12-01' }] : []),
    { type: 'search.submit' },
    ...(search.number !== '' ? [{ type: 'search.clear' }] : []),
    { type: 'invoices.more' },
    { type: 'invoices.retry' },
    { type: 'xstate.done.actor.loadInvoices', output: search.number ? invoicesFoundPage : invoicesFirstPage },
    { type: 'xstate.error.actor.loadInvoices', error: new ConsoleApiError(0) },
    ...(invoices.length === invoicesFirstPage.invoices.length && !search.number ? [{ type: 'xstate.done.actor.loadMoreInvoices', output: invoicesNextPage }] : []),
    { type: 'xstate.error.actor.loadMoreInvoices', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
