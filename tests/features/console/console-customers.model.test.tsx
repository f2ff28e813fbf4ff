// @vitest-environment happy-dom
/**
 * Model-based walks of the console's Customers and customer page on the REAL pages inside the console's frame: the
 * search keeps what was typed and runs when sent, pages; a customer's address and contacts, a login link, the
 * statement or an AutoPay invitation sent to a contact by the way chosen (a way the contact has no address for is named,
 * not sent), once per confirmation. The calls are promises the walks settle; the frame's session (an admin) first.
 */
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, settleNewest, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-customers/console-customers.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-customers/console-customers.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    loadCustomers: fromPromise(({ input }: { input: { cursor: string | null } }) => {
      const d = deferred<unknown>();
      network.pending.push({ kind: input.cursor ? 'more' : 'list', input, d });
      return d.promise as Promise<never>;
    }),
  };
});
vi.mock('../../../machines/console-customer/console-customer.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-customer/console-customer.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadCustomer: pendingActor(network.pending, 'customer'), sendToContact: pendingActor(network.pending, 'send') };
});
// what the customer set up (its own walk, console-account) stays loading here
vi.mock('../../../machines/console-account/console-account.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-account/console-account.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAccount: pendingActor(network.pending, 'account') };
});
// "Write to this customer" (its own walk, console-message) stays loading here
vi.mock('../../../machines/console-message/console-message.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-message/console-message.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadOpenInvoices: pendingActor(network.pending, 'messageInvoices') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { journeyTimestamp } from '../../../core/rules/timestamps';
import { consoleCustomersMachine } from '../../../machines/console-customers/console-customers.machine';
import { consoleCustomersModelEvents } from '../../../machines/console-customers/console-customers.model';
import { consoleCustomerMachine, reachAt } from '../../../machines/console-customer/console-customer.machine';
import { consoleCustomerModelEvents, customerModelInput } from '../../../machines/console-customer/console-customer.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.customers;
const ct = consoleTexts.customer;
const timeZone = consoleSessionSample.vendor.timeZone;


async function open(url: string) {
  network.pending.length = 0;
  render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [url] })} />);
  await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
}

describe('console Customers: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleCustomersMachine>;
  const paths = walkPaths<Snapshot>(consoleCustomersMachine, consoleCustomersModelEvents as never);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 1, name: t.title });
    const { draft, name, customers, hasMore, moreFailed } = state.context;
    expect(screen.getByLabelText(t.nameLabel)).toHaveValue(draft);
    if (state.matches('loading')) {
      expect((network.pending.filter((p) => p.kind === 'list').at(-1)!.input as { name: string }).name).toBe(name);
      return void expect(screen.getByRole('status')).toHaveTextContent(t.loading);
    }
    if (state.matches('failed')) return void expect(screen.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    if (customers.length === 0) return void expect(screen.getByText(t.none)).toBeInTheDocument();
    const rows = () => screen.getAllByTestId('customer-row');
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-id'))).toEqual(customers.map((c) => c.id)));
    expect(within(rows()[0]!).getByRole('link', { name: customers[0]!.displayName })).toHaveAttribute('href', `/customers/${customers[0]!.id}`);
    if (moreFailed) expect(screen.getByText(t.moreFailed)).toHaveAttribute('role', 'alert');
    expect(Boolean(screen.queryByRole('button', { name: t.more }))).toBe(hasMore);
  }

  const drivers = {
    'xstate.done.actor.loadCustomers': settleNewest(network.pending, 'list', 'resolve'),
    'xstate.error.actor.loadCustomers': settleNewest(network.pending, 'list', 'reject'),
    'xstate.done.actor.loadMoreCustomers': settleNewest(network.pending, 'more', 'resolve'),
    'xstate.error.actor.loadMoreCustomers': settleNewest(network.pending, 'more', 'reject'),
    'search.change': async (e: { value: string }) => { fireEvent.change(screen.getByLabelText(t.nameLabel), { target: { value: e.value } }); },
    'search.submit': async () => { fireEvent.click(screen.getByRole('button', { name: t.submit })); },
    'customers.more': async () => { fireEvent.click(screen.getByRole('button', { name: t.more })); },
    'customers.retry': async () => { fireEvent.click(screen.getByRole('button', { name: t.retry })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open('/customers');
    await runWalk(path, drivers, assertState);
  });
});

describe('console customer page: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleCustomerMachine>;
  const paths = walkPaths<Snapshot>(consoleCustomerMachine, consoleCustomerModelEvents as never, customerModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    const { location, contacts, send, problem, sent } = state.context;
    if (state.matches('loading')) return void expect(await screen.findByRole('status')).toHaveTextContent(ct.loading);
    if (state.matches('failed')) return void expect(await screen.findByRole('alert')).toHaveTextContent(ct.loadFailed);
    if (state.matches('notFound')) return void expect(await screen.findByRole('alert')).toHaveTextContent(ct.notFound);
    await screen.findByRole('heading', { level: 1, name: location!.displayName, hidden: true });
    const rows = screen.getAllByTestId('contact-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(contacts.map((c) => c.id));
    if (state.matches('sending')) {
      const who = contacts.find((c) => c.id === send!.contactId)!;
      const dialog = await screen.findByRole('dialog', { name: ct.dialogTitle(`${who.firstName} ${who.lastName}`) });
      expect(within(dialog).getByRole('radio', { name: ct.kinds[send!.kind] })).toHaveProperty('checked', true);
      expect(within(dialog).getByRole('radio', { name: ct.deliver[send!.deliver] })).toHaveProperty('checked', true);
      const reachable = Boolean(reachAt(contacts.find((c) => c.id === send!.contactId), send!.deliver));
      if (!reachable) expect(within(dialog).getByText(ct.noChannel)).toBeInTheDocument();
      if (state.matches({ sending: 'sending' })) {
        const asked = network.pending.find((p) => p.kind === 'send')!.input as { contactId: string; kind: string; deliver: string; locationId: string; idempotencyKey: string };
        expect(asked).toMatchObject({ contactId: send!.contactId, kind: send!.kind, deliver: send!.deliver, locationId: location!.id });
        expect(asked.idempotencyKey.endsWith(`-${state.context.done}`)).toBe(true);
      } else if (problem) expect(within(dialog).getByText(problem)).toBeInTheDocument();
      return;
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    if (sent) expect(screen.getByText(ct.sent(ct.kinds[sent.kind]!, sent.recipient, journeyTimestamp(sent.expiresAt, timeZone)))).toHaveAttribute('role', 'status');
  }

  const drivers = {
    'xstate.done.actor.loadCustomer': settleKind(network.pending, 'customer', 'resolve'),
    'xstate.error.actor.loadCustomer': settleKind(network.pending, 'customer', 'reject'),
    'xstate.done.actor.sendToContact': settleKind(network.pending, 'send', 'resolve'),
    'xstate.error.actor.sendToContact': settleKind(network.pending, 'send', 'reject'),
    'customer.retry': async () => { fireEvent.click(screen.getByRole('button', { name: ct.retry })); },
    'send.open': async (e: { contactId: string; kind: string }) => {
      const row = screen.getAllByTestId('contact-row').find((r) => r.getAttribute('data-id') === e.contactId)!;
      fireEvent.click(within(row).getByRole('button', { name: /^Send .* a link$/ }));
    },
    'send.change': async (e: { field: string; value: string }) => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: (e.field === 'kind' ? ct.kinds : ct.deliver)[e.value]! }));
    },
    'send.confirm': async () => { fireEvent.submit(within(screen.getByRole('dialog')).getAllByRole('radio')[0]!.closest('form')!); },
    'dialog.close': async () => { fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: ct.close })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await open(`/customers/${customerModelInput.locationId}`);
    await runWalk(path, drivers, assertState);
  });
});
