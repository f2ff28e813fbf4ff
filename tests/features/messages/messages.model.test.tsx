// @vitest-environment jsdom
// (jsdom, not happy-dom as most views' files: happy-dom 21 names the MESSAGES tile without its visually hidden unread count.)
/**
 * Model-based walks of the issue-10 message machines on the REAL pages (router, token guard, location frame,
 * DataTable): the message list (.../messages), a template message with Pay (.../templatemessages/{id}), the resolution
 * center (.../resolutioncenter) and the MESSAGES tile's unread count (dashboard). Each call is a promise the walk settles.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, settle, walkPaths, type Deferred } from '../model-walk';

const network = vi.hoisted(() => ({
  list: [] as Array<Deferred<unknown>>,
  resolution: [] as Array<Deferred<unknown>>,
  template: [] as Array<Deferred<unknown>>,
  unread: [] as Array<Deferred<unknown>>,
  calls: [] as unknown[],
  hasUnreadMessages: false,
}));

vi.mock('../../../machines/messages/messages.actors', async (importOriginal) => {
  const { deferredActor, deferredCall } = await import('../model-walk');
  return {
    ...(await importOriginal<object>()),
    fetchMessageList: deferredCall(network.list, network.calls),
    fetchResolutionMessages: deferredCall(network.resolution, network.calls),
    loadTemplateMessage: deferredActor(network.template, network.calls),
    loadUnreadCount: deferredActor(network.unread, network.calls),
  };
});
vi.mock('../../../machines/load/load.actors', async (importOriginal) =>
  (await import('../model-walk')).modelFrameLoadActors(importOriginal, () => ({ hasUnreadMessages: network.hasUnreadMessages })));
vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => (await import('../model-walk')).noAnnouncementsActors(importOriginal));
vi.mock('../../../machines/dashboard/dashboard.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/dashboard/dashboard.actors')>();
  const { fromPromise } = await import('xstate');
  return { ...original, recordVisit: fromPromise(async () => {}), loadAutopay: fromPromise(async () => null), loadPaymentPlans: fromPromise(async () => []) };
});
// Pay leads to click-to-pay: its loads never settle here (the walk only checks where Pay went and what it selected).
vi.mock('../../../machines/click2pay/click2pay.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/click2pay/click2pay.actors')>();
  const { fromPromise } = await import('xstate');
  const never = fromPromise(() => new Promise<never>(() => {}));
  return { ...original, loadInvoices: never, loadCalendar: never };
});

const captured = vi.hoisted(() => ({ session: null as null | import('../../../src/app/session').Session }));
vi.mock('../../../src/app/session', async (importOriginal) =>
  (await import('../model-walk')).capturingSessionModule(importOriginal, captured));

import { messageListMachine } from '../../../machines/messages/message-list.machine';
import {
  messageListModelEvents, modelMessageEntries, modelMessageIds as ids, modelMessages, modelMessagesInput, modelTemplateInput,
  resolutionCenterModelEvents, templateMessageModelEvents, unreadMessagesModelEvents,
} from '../../../machines/messages/messages.model';
import { resolutionCenterMachine } from '../../../machines/messages/resolution-center.machine';
import { templateMessageMachine } from '../../../machines/messages/template-message.machine';
import { unreadMessagesMachine } from '../../../machines/messages/unread-messages.machine';
import { routes } from '../../../src/app/router';
import { groupByCategory } from '../../../core/rules/messages';
import { dashboardTexts } from '../../../src/features/dashboard/texts';
import { messagesTexts as m, resolutionCenterTexts as r, templateMessageTexts as tm } from '../../../src/features/messages/texts';
import { unreadTexts } from '../../../src/features/dashboard/texts';
import { reportTexts } from '../../../src/features/reports/texts';
import { token } from '../shell/fixtures';

configure({ asyncUtilTimeout: 8000 });

const base = `/token/${token}/vendors/${modelMessagesInput.vendorId}/locations/${modelMessagesInput.locationId}`;

beforeAll(async () => {
  await import('../../../src/features/messages/messages-page');
  await import('../../../src/features/messages/template-message-page');
  await import('../../../src/features/messages/resolution-center-page');
  await import('../../../src/features/dashboard/dashboard-page');
});
afterEach(() => cleanup());

function open(path: string) {
  for (const queue of [network.list, network.resolution, network.template, network.unread]) queue.length = 0;
  network.calls.length = 0;
  window.scrollTo = vi.fn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('message list: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof messageListMachine>;
  const paths = walkPaths<Snapshot>(messageListMachine, messageListModelEvents, modelMessagesInput);

  async function assertState(state: Snapshot) {
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${m.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelMessagesInput]);
    expect(screen.getByRole('link', { name: m.resolutionCenter })).toHaveAttribute('href', `${base}/resolutioncenter`);
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(m.loading);
      return;
    }
    if (state.value === 'failed') {
      expect(screen.getByRole('alert')).toHaveTextContent(reportTexts.loadFailed);
      return;
    }
    if (state.value === 'empty') {
      expect(screen.getByText(m.empty)).toBeInTheDocument();
      return;
    }
    const rows = within(screen.getByRole('table', { name: m.tableLabel })).getAllByTestId('message-row');
    // newest first; template messages open their page, invoice messages the invoice journey; unread ones marked
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(modelMessageEntries.map((e) => e.subject));
    rows.forEach((row, i) => {
      const entry = modelMessageEntries[i];
      const href = entry.kind === 'template' ? `${base}/templatemessages/${entry.id}` : `${base}/invoices/${entry.invoiceId}`;
      expect(within(row).getByRole('link')).toHaveAttribute('href', href);
      expect(within(row).queryByText(m.unread) !== null).toBe(entry.unread);
    });
    expect(rows[1]).toHaveTextContent(m.from('Karen Ostrowski'));
    expect(rows[2]).toHaveTextContent(m.regarding('INV-PAST', 'Payment Failed'));
  }

  const drivers = { 'xstate.done.actor.load': settle(network.list, 'resolve'), 'xstate.error.actor.load': settle(network.list, 'reject') };
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    open(`${base}/messages`);
    await runWalk(path, drivers, assertState);
  });
});

describe('resolution center: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof resolutionCenterMachine>;
  const paths = walkPaths<Snapshot>(resolutionCenterMachine, resolutionCenterModelEvents, modelMessagesInput);

  async function assertState(state: Snapshot) {
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(heading).toHaveTextContent(`${r.title} Blue Heron Grill`));
    expect(network.calls).toEqual([modelMessagesInput]);
    if (state.value === 'loading') {
      expect(screen.getByRole('status')).toHaveTextContent(r.loading);
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      return;
    }
    if (state.value === 'failed') {
      expect(screen.getByRole('alert')).toHaveTextContent(reportTexts.loadFailed);
      // Nothing was loaded: nothing to export or print, so neither button is offered.
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
      return;
    }
    if (state.value === 'empty') {
      expect(screen.getByText(r.empty)).toBeInTheDocument();
      return;
    }
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Payment Failed', 'Disputed', 'Partially Paid', 'Comment']);
    for (const group of groupByCategory(modelMessages)) {
      const rows = within(screen.getByRole('table', { name: r.groupLabel(group.category) })).getAllByTestId('resolution-row');
      expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(group.rows.map((x) => x.invoiceDisplayInvNum));
      rows.forEach((row, i) => expect(within(row).getByRole('link')).toHaveAttribute('href', `${base}/invoices/${group.rows[i].invoiceId}`));
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  }

  const drivers = { 'xstate.done.actor.load': settle(network.resolution, 'resolve'), 'xstate.error.actor.load': settle(network.resolution, 'reject') };
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    open(`${base}/resolutioncenter`);
    await runWalk(path, drivers, assertState);
  });
});

describe('template message: model-based walk', () => {
  type Snapshot = SnapshotFrom<typeof templateMessageMachine>;
  const paths = walkPaths<Snapshot>(templateMessageMachine, templateMessageModelEvents, modelTemplateInput);
  let router: ReturnType<typeof open>;
  let user: ReturnType<typeof userEvent.setup>;

  async function assertState(state: Snapshot) {
    if (state.value === 'confirmed') {
      // Pay: on to click-to-pay with the message's payable invoices selected and the message remembered.
      await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/click2pay`));
      const selection = captured.session!.invoiceSelection(modelMessagesInput.vendorId, modelMessagesInput.locationId).getSnapshot().context;
      expect(selection.messageId).toBe(ids.template);
      expect([...selection.selected]).toEqual([ids.invoicePastDue, ids.invoiceLong]);
      return;
    }
    await waitFor(() => expect(network.calls.length).toBeGreaterThan(0));
    for (const call of network.calls) expect(call).toEqual(modelTemplateInput);
    if (state.value === 'loading') {
      expect(await screen.findByRole('status')).toHaveTextContent(tm.loading);
      return;
    }
    if (state.value === 'failed') {
      expect(await screen.findByRole('alert')).toHaveTextContent(tm.loadFailed);
      expect(screen.getByRole('button', { name: tm.retry })).toBeEnabled();
      return;
    }
    const message = state.context.message!;
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(message.messageData.subject);
    expect(screen.getByTestId('message-timestamp')).toHaveTextContent(/^\d{1,2}\/\d{1,2}\/\d{2} - \d{1,2}:\d{2} (AM|PM)$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Your open invoices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ar@example.com' })).toHaveAttribute('href', 'mailto:ar@example.com');
    if (message.invoices.length === 0) {
      expect(screen.queryByRole('button', { name: tm.pay })).toBeNull();
      return;
    }
    const rows = within(screen.getByRole('table', { name: tm.invoicesLabel })).getAllByTestId('message-invoice-row');
    expect(rows.map((row) => row.getAttribute('data-invoice'))).toEqual(['INV-PAST', 'PFGC-CHS-0004418837', 'INV-SCHED']);
    // more than 12 characters: the last 12 with a leading ellipsis; past-due dates red
    expect(rows[1]).toHaveTextContent('…S-0004418837');
    expect(rows[0].querySelector('[data-past-due]')).not.toBeNull();
    expect(rows[1].querySelector('[data-past-due]')).toBeNull();
    expect(screen.getByTestId('message-total')).toHaveTextContent('$350.50');
    expect(screen.getByRole('button', { name: tm.pay })).toBeEnabled();
  }

  const drivers = {
    'xstate.done.actor.loadTemplateMessage': settle(network.template, 'resolve'),
    'xstate.error.actor.loadTemplateMessage': settle(network.template, 'reject'),
    'message.pay': () => user.click(screen.getByRole('button', { name: tm.pay })),
    'message.retry': () => user.click(screen.getByRole('button', { name: tm.retry })),
  };
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    user = userEvent.setup();
    captured.session = null;
    router = open(`${base}/templatemessages/${ids.template}`);
    await runWalk(path, drivers, assertState);
  });
});

describe('MESSAGES tile unread count: model-based walk on the dashboard', () => {
  type Snapshot = SnapshotFrom<typeof unreadMessagesMachine>;
  const paths = walkPaths<Snapshot>(unreadMessagesMachine, unreadMessagesModelEvents, modelMessagesInput);

  async function assertState(state: Snapshot) {
    const tile = await screen.findByRole('link', { name: new RegExp(`^${dashboardTexts.messages}`) });
    expect(tile).toHaveAttribute('href', `${base}/messages`);
    if (state.value === 'loaded') {
      await waitFor(() => expect(within(tile).getByTestId('tile-badge')).toHaveTextContent('2'));
      expect(tile).toHaveAccessibleName(`${dashboardTexts.messages}, ${unreadTexts.count(2)}`);
    } else if (state.value === 'failed') {
      await waitFor(() => expect(within(tile).getByTestId('tile-badge')).toHaveTextContent(unreadTexts.new));
    } else {
      expect(within(tile).queryByTestId('tile-badge')).toBeNull();
    }
    // the count is asked for only when the location has unread messages
    expect(network.calls).toEqual(state.value === 'none' || state.value === 'waiting' ? [] : [modelMessagesInput]);
  }

  const drivers = {
    // The location's flag is known when the locations load: open the dashboard with it.
    'unread.location': async (event: { hasUnreadMessages: boolean }) => {
      network.hasUnreadMessages = event.hasUnreadMessages;
      open(base);
      if (event.hasUnreadMessages) await waitFor(() => expect(network.unread.length).toBe(1));
    },
    'xstate.done.actor.loadUnreadCount': settle(network.unread, 'resolve'),
    'xstate.error.actor.loadUnreadCount': settle(network.unread, 'reject'),
  };
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    // 'waiting' is the moment before the location is known: nothing is rendered yet.
    await runWalk(path, drivers, async (state) => (state.value === 'waiting' ? undefined : assertState(state)));
  });
});
