// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: happy-dom 21 keeps a month field's value other than a browser does (the due-month filter's "2026-12").)
/**
 * Model-based walks of the console's Invoices search and invoice page on the REAL pages inside the console's frame:
 * the search form keeps what was typed and searches when sent (a half-typed date is named, not sent), pages; an
 * invoice's summary and journey, and a click-to-pay request to the contact chosen, by the way chosen, once per
 * confirmation. The calls are promises the walks settle; the frame's session (an admin) is answered first.
 */
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, settleNewest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-invoices/console-invoices.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-invoices/console-invoices.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    loadInvoices: fromPromise(({ input }: { input: { cursor: string | null } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.cursor ? 'more' : 'list', input, d });
      return d.promise as Promise<never>;
    }),
  };
});
vi.mock('../../../machines/console-invoice/console-invoice.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-invoice/console-invoice.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadInvoice: pendingActor(network.pending, 'invoice'), sendPayRequest: pendingActor(network.pending, 'request') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { dollars, shortDate } from '../../../core/rules/display';
import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleInvoicesMachine } from '../../../machines/console-invoices/console-invoices.machine';
import { consoleInvoicesModelEvents } from '../../../machines/console-invoices/console-invoices.model';
import { addressOf, consoleInvoiceMachine } from '../../../machines/console-invoice/console-invoice.machine';
import { consoleInvoiceModelEvents, invoiceModelInput } from '../../../machines/console-invoice/console-invoice.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.invoices;
const vt = consoleTexts.invoice;
const timeZone = consoleSessionSample.vendor.timeZone;


async function open(url: string) {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [url] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
}

describe('console Invoices search: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleInvoicesMachine>;
  const paths = walkPaths<Snapshot>(consoleInvoicesMachine, consoleInvoicesModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    const { draft, search, invoices, hasMore, moreFailed, badDate } = state.context;
    // what was typed stays, whatever the list shows
    expect(screen.getByLabelText(t.number)).toHaveValue(draft.number);
    expect(screen.getByLabelText(t.dueFrom)).toHaveValue(draft.dueFrom.length === 10 ? draft.dueFrom : '');
    if (badDate) expect(screen.getByText(t.badDate)).toHaveAttribute('role', 'alert');
    else expect(screen.queryByText(t.badDate)).toBeNull();
    // the search the list was asked for
    const asked = network.pending.filter((p) => p.kind === 'list').at(-1)?.input as { search: { number: string } } | undefined;
    if (state.matches('loading')) {
      expect(asked?.search.number).toBe(search.number);
      return void expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    }
    if (state.matches('failed')) return void expect(screen.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    if (invoices.length === 0) return void expect(screen.getByText(t.none)).toBeInTheDocument();
    const rows = () => screen.getAllByTestId('invoice-row');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(invoices.map((i) => i.id)));
    const first = invoices[0]!;
    expect(within(rows()[0]!).getByRole('link', { name: first.displayInvNum })).toHaveAttribute('href', `/invoices/${first.id}`);
    expect(rows()[0]).toHaveTextContent(dollars(first.openAmount));
    expect(rows()[0]).toHaveTextContent(shortDate(first.dueDate));
    expect(rows()[0]).toHaveTextContent(first.locationName);
    if (moreFailed) expect(screen.getByText(t.moreFailed)).toBeInTheDocument();
    expect(Boolean(screen.queryByRole('button', { name: t.more }))).toBe(hasMore);
  }

  const drivers = {
    'xstate.done.actor.loadInvoices': settleNewest(network.pending, 'list', 'resolve'),
    'xstate.error.actor.loadInvoices': settleNewest(network.pending, 'list', 'reject'),
    'xstate.done.actor.loadMoreInvoices': settleNewest(network.pending, 'more', 'resolve'),
    'xstate.error.actor.loadMoreInvoices': settleNewest(network.pending, 'more', 'reject'),
    'search.change': async (e: { field: string; value: string }) => {
      const label = { number: t.number, customer: t.customer, status: t.status, dueFrom: t.dueFrom, dueTo: t.dueTo }[e.field]!;
      const input = screen.getByLabelText(label) as HTMLInputElement;
      // a date field holds only a whole date: a half-typed one reaches the machine as the browser would not show it
      if (input.type === 'date' && e.value.length !== 10) {
        input.type = 'text';
        fireEvent.change(input, { target: { value: e.value } });
        input.type = 'date';
      } else fireEvent.change(input, { target: { value: e.value } });
    },
    'search.submit': async () => { fireEvent.click(screen.getByRole('button', { name: t.submit })); },
    'search.clear': async () => { fireEvent.click(screen.getByRole('button', { name: t.clear })); },
    'invoices.more': async () => { fireEvent.click(screen.getByRole('button', { name: t.more })); },
    'invoices.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open('/invoices');
    await runWalk(path, drivers, assertState);
  });
});

describe('console invoice page: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleInvoiceMachine>;
  const paths = walkPaths<Snapshot>(consoleInvoiceMachine, consoleInvoiceModelEvents as never, invoiceModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { invoice, journey, contacts, request, problem, sent } = state.context;
    if (state.matches('loading')) return void expect(await screen.findByRole('status')).toHaveTextContent(vt.loading);
    if (state.matches('failed')) return void expect(await screen.findByRole('alert')).toHaveTextContent(vt.loadFailed);
    if (state.matches('notFound')) return void expect(await screen.findByRole('alert')).toHaveTextContent(vt.notFound);
    await screen.findByRole('heading', { level: 1, name: vt.title(invoice!.displayInvNum), hidden: true });
    const entries = screen.queryAllByTestId('journey-entry');
    expect(entries).toHaveLength(journey.length);
    journey.forEach((e, i) => {
      expect(entries[i]).toHaveTextContent(e.action);
      expect(entries[i]).toHaveTextContent(journeyTimestamp(e.at, timeZone));
      expect(entries[i]).toHaveTextContent(e.contact ? vt.byContact(e.contact.name) : vt.byVendor);
    });
    if (state.matches('requesting')) {
      const dialog = await screen.findByRole('dialog', { name: vt.requestTitle });
      expect(within(dialog).getByLabelText(vt.contactLabel)).toHaveValue(request.contactId);
      expect(within(dialog).getByRole('radio', { name: vt.deliver[request.deliver] })).toHaveProperty('checked', true);
      const confirm = within(dialog).getByRole('button', { name: vt.confirm });
      const reachable = Boolean(addressOf(contacts.find((c) => c.id === request.contactId), request.deliver));
      if (state.matches({ requesting: 'editing' })) expect(confirm).toHaveProperty('disabled', !reachable);
      if (!reachable) expect(within(dialog).getByText(vt.noAddress)).toBeInTheDocument();
      if (state.matches({ requesting: 'sending' })) {
        expect(confirm).toHaveAttribute('aria-busy', 'true');
        // the request asked for is the one on the screen: this invoice, the contact and the way chosen
        const asked = network.pending.find((p) => p.kind === 'request')?.input as { invoice: { id: string }; contactId: string; deliver: string; idempotencyKey: string };
        expect(asked).toMatchObject({ invoice: { id: invoice!.id }, contactId: request.contactId, deliver: request.deliver });
        expect(asked.idempotencyKey.endsWith(`-${state.context.done}`)).toBe(true);
      }
      if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    if (sent) expect(screen.getByRole('status')).toHaveTextContent(vt.sent(sent.recipient, journeyTimestamp(sent.expiresAt, timeZone)));
    const open = invoice!.status === 'open' && invoice!.portalStatus === 'open';
    expect(Boolean(screen.queryByRole('button', { name: vt.request }))).toBe(open);
  }

  const drivers = {
    'xstate.done.actor.loadInvoice': settleKind(network.pending, 'invoice', 'resolve'),
    'xstate.error.actor.loadInvoice': settleKind(network.pending, 'invoice', 'reject'),
    'xstate.done.actor.sendPayRequest': settleKind(network.pending, 'request', 'resolve'),
    'xstate.error.actor.sendPayRequest': settleKind(network.pending, 'request', 'reject'),
    'invoice.retry': async () => { fireEvent.click(screen.getByRole('button', { name: vt.retry })); },
    'request.open': async () => { fireEvent.click(screen.getByRole('button', { name: vt.request })); },
    'request.change': async (e: { field: string; value: string }) => {
      const dialog = screen.getByRole('dialog');
      if (e.field === 'deliver') fireEvent.click(within(dialog).getByRole('radio', { name: vt.deliver[e.value]! }));
      else fireEvent.change(within(dialog).getByLabelText(vt.contactLabel), { target: { value: e.value } });
    },
    'request.submit': async () => {
      // the button is disabled while the contact has no such address: the form's submit is the way a keyboard sends it
      fireEvent.submit(within(screen.getByRole('dialog')).getByLabelText(vt.contactLabel).closest('form')!);
    },
    'dialog.close': async () => { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: vt.close })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open(`/invoices/${invoiceModelInput.invoiceId}`);
    await runWalk(path, drivers, assertState);
  });
});
