// @vitest-environment happy-dom
/**
 * Model-based walk of "Write to this customer" on the REAL customer page inside the console's frame (an admin): the
 * customer's open invoices to choose from (or offline, retry), the other contact chosen, a subject and a
 * two-paragraph text typed, invoices chosen and let go; the message sent — as rich paragraphs, at the location by its
 * portal id, from the person signed in, with the invoices chosen, its own id and Idempotency-Key — answered (the form
 * emptied, the contact kept) or refused in the server's words with everything kept.
 */
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settleKind, walkPaths, type Drivers, type PendingCall } from '../model-walk';

const network = vi.hoisted(() => ({ pending: [] as PendingCall[] }));

vi.mock('../../../machines/console-message/console-message.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-message/console-message.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadOpenInvoices: pendingActor(network.pending, 'invoices'), sendMessage: pendingActor(network.pending, 'send') };
});
vi.mock('../../../machines/console-account/console-account.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-account/console-account.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadAccount: pendingActor(network.pending, 'account') };
});
vi.mock('../../../machines/console-customer/console-customer.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-customer/console-customer.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadCustomer: pendingActor(network.pending, 'customer') };
});
vi.mock('../../../machines/console-session/console-session.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/console-session/console-session.actors')>();
  const { pendingActor } = await import('../model-walk');
  return { ...original, loadSession: pendingActor(network.pending, 'session') };
});

import { consoleMessageMachine, richParagraphs } from '../../../machines/console-message/console-message.machine';
import { consoleMessageModelEvents, messageModelInput } from '../../../machines/console-message/console-message.model';
import { customerSample } from '../../../machines/console-customer/console-customer.model';
import { contactsSample } from '../../../machines/console-invoice/console-invoice.model';
import { consoleSessionSample } from '../../../machines/console-sign-in/console-sign-in.model';
import { consoleRoutes } from '../../../src/console/routes';
import { consoleTexts } from '../../../src/console/texts';

configure({ asyncUtilTimeout: 8000 });
const t = consoleTexts.message;
const region = () => within(screen.getByRole('region', { name: t.title }));

describe('console message to a customer: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof consoleMessageMachine>;
  const paths = walkPaths<Snapshot>(consoleMessageMachine, consoleMessageModelEvents as never, messageModelInput);
  afterEach(() => cleanup());

  async function assertState(state: Snapshot) {
    await screen.findByRole('heading', { level: 2, name: t.title });
    const panel = region();
    const { draft, invoices, problem, sent, done } = state.context;
    expect(panel.getByLabelText(t.toLabel)).toHaveValue(draft.contactId);
    expect(panel.getByLabelText(t.subjectLabel)).toHaveValue(draft.subject);
    expect(panel.getByLabelText(t.textLabel)).toHaveValue(draft.text);
    // from the person signed in (Dana Whitfield in the walk's session)
    expect(panel.getByText(t.from(consoleSessionSample.user.name!))).toBeInTheDocument();
    if (state.matches('loadingInvoices')) return void expect(panel.getByText(t.loading)).toBeInTheDocument();
    if (state.matches('failed')) return void expect(panel.getByText(t.loadFailed)).toHaveAttribute('role', 'alert');
    const boxes = panel.getAllByRole('checkbox');
    expect(boxes).toHaveLength(invoices.length);
    invoices.forEach((invoice, i) => {
      expect(boxes[i]!.closest('label')).toHaveTextContent(invoice.displayInvNum);
      expect((boxes[i] as HTMLInputElement).checked).toBe(draft.invoiceIds.includes(invoice.id));
    });
    if (state.matches('sending')) {
      const asked = network.pending.find((p) => p.kind === 'send')!.input as { message: Record<string, unknown>; idempotencyKey: string };
      expect(asked.message).toEqual({
        externalId: expect.stringMatching(new RegExp(`^console-[0-9a-f]{8}-${done}$`)),
        contactId: draft.contactId,
        locationId: customerSample.id,
        subject: draft.subject.trim(),
        from: { firstName: 'Dana', lastName: 'Whitfield' },
        content: richParagraphs(draft.text),
        ...(draft.invoiceIds.length > 0 ? { invoiceExternalIds: draft.invoiceIds.map((id) => invoices.find((i) => i.id === id)!.externalId) } : {}),
      });
      expect(richParagraphs(draft.text)).toHaveLength(2);
      expect(asked.idempotencyKey.endsWith(`-${done}`)).toBe(true);
      return;
    }
    if (sent) {
      const to = contactsSample.find((c) => c.id === sent.contactId)!;
      expect(panel.getByText(t.sent(sent.subject, `${to.firstName} ${to.lastName}`.trim()))).toHaveAttribute('role', 'status');
    }
    if (problem) expect(panel.getByText(problem)).toHaveAttribute('role', 'alert');
  }

  const drivers = {
    'xstate.done.actor.loadOpenInvoices': settleKind(network.pending, 'invoices', 'resolve'),
    'xstate.error.actor.loadOpenInvoices': settleKind(network.pending, 'invoices', 'reject'),
    'xstate.done.actor.sendMessage': settleKind(network.pending, 'send', 'resolve'),
    'xstate.error.actor.sendMessage': settleKind(network.pending, 'send', 'reject'),
    'invoices.retry': async () => { fireEvent.click(region().getByRole('button', { name: t.retry })); },
    'draft.change': async (e: { field: string; value: string }) => {
      const label = { contactId: t.toLabel, subject: t.subjectLabel, text: t.textLabel }[e.field]!;
      fireEvent.change(region().getByLabelText(label), { target: { value: e.value } });
    },
    'invoice.toggle': async (e: { invoiceId: string }, prev: Snapshot) => {
      const index = prev.context.invoices.findIndex((i) => i.id === e.invoiceId);
      fireEvent.click(region().getAllByRole('checkbox')[index]!);
    },
    'message.send': async () => { fireEvent.submit(region().getByRole('form', { name: t.title })); },
  } satisfies Drivers<Snapshot>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    network.pending.length = 0;
    render(<RouterProvider router={createMemoryRouter(consoleRoutes, { initialEntries: [`/customers/${customerSample.id}`] })} />);
    await settleKind(network.pending, 'session', 'resolve')({ output: consoleSessionSample });
    await settleKind(network.pending, 'customer', 'resolve')({ output: { location: customerSample, contacts: contactsSample } });
    await runWalk(path, drivers, assertState);
  });
});
